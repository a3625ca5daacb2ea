import type { PrinterGroup } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { AppError } from '../../http/app-error.js';
import type { PrintersRepository } from '../printers/printers.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { PrinterGroupsRepository } from './printer-groups.repository.js';

const groupNotFound = () => new AppError('not_found', 'Printer group not found.');

export function createPrinterGroupsService(deps: {
  groups: PrinterGroupsRepository;
  printers: PrintersRepository;
  workspaces: WorkspacesService;
  clock: Clock;
}) {
  const { groups, printers, workspaces, clock } = deps;

  /** The group, when the caller may change its workspace; 404 for another workspace's group. */
  async function getGroupForChange(userId: number, groupId: number) {
    const group = await groups.findGroup(groupId);
    if (!group) throw groupNotFound();
    try {
      await workspaces.requireWorkspacePermission(userId, group.workspace_id, 'CHANGE_GROUP');
    } catch (error) {
      throw error instanceof AppError && error.code === 'not_found' ? groupNotFound() : error;
    }
    return group;
  }

  async function getGroupResponse(workspaceId: number, groupId: number): Promise<PrinterGroup> {
    return (await groups.listGroups(workspaceId)).find((g) => g.id === groupId)!;
  }

  return {
    async listGroups(userId: number, workspaceId: number): Promise<PrinterGroup[]> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      return groups.listGroups(workspaceId);
    },

    async createGroup(userId: number, workspaceId: number, name: string): Promise<PrinterGroup> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
      const id = await groups.insertGroup(workspaceId, name, clock.now().toISOString());
      return getGroupResponse(workspaceId, id);
    },

    async renameGroup(userId: number, groupId: number, name: string): Promise<PrinterGroup> {
      const group = await getGroupForChange(userId, groupId);
      await groups.renameGroup(groupId, name);
      return getGroupResponse(group.workspace_id, groupId);
    },

    async deleteGroup(userId: number, groupId: number): Promise<void> {
      await getGroupForChange(userId, groupId);
      await groups.deleteGroup(groupId);
    },

    async addPrinter(userId: number, groupId: number, printerId: number): Promise<PrinterGroup> {
      const group = await getGroupForChange(userId, groupId);
      const printer = await printers.findPrinterById(printerId);
      if (!printer || printer.workspace_id !== group.workspace_id)
        throw new AppError('not_found', 'Printer with ID does not exists.');
      await groups.movePrinterToGroup(groupId, printerId);
      return getGroupResponse(group.workspace_id, groupId);
    },

    async removePrinter(userId: number, groupId: number, printerId: number): Promise<void> {
      await getGroupForChange(userId, groupId);
      await groups.removePrinterFromGroup(groupId, printerId);
    },
  };
}

export type PrinterGroupsService = ReturnType<typeof createPrinterGroupsService>;
