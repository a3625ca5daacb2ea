import type { GettingStarted } from '@printdeck/shared';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { GettingStartedRepository } from './getting-started.repository.js';

/** The first steps of a workspace, for the dashboard's "Get started" card. */
export function createGettingStartedService(deps: {
  steps: GettingStartedRepository;
  workspaces: Pick<WorkspacesService, 'requireWorkspacePermission'>;
}) {
  const { steps, workspaces } = deps;
  return {
    async getGettingStarted(userId: number, workspaceId: number): Promise<GettingStarted> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const [printerAdded, printerConnected, fileUploaded, memberInvited] = await Promise.all([
        steps.hasPrinter(workspaceId),
        steps.hasConnectedPrinter(workspaceId),
        steps.hasFile(workspaceId),
        steps.hasInvitedSomeone(workspaceId),
      ]);
      return {
        printer_added: printerAdded,
        printer_connected: printerConnected,
        file_uploaded: fileUploaded,
        member_invited: memberInvited,
      };
    },
  };
}

export type GettingStartedService = ReturnType<typeof createGettingStartedService>;
