import type { DiscoveredPrinters } from '@printdeck/shared';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { BambuDiscovery } from './bambu-discovery.js';
import { checkAddress, type NetworkPolicy } from './lan-networks.js';

/**
 * "Find printers on my network" (issue 25): the Bambu printers the server heard announcing
 * themselves, only those whose address LAN mode allows, for a workspace's admins (who are the
 * ones who may add a LAN printer).
 */
export function createLanDiscoveryService(deps: {
  workspaces: Pick<WorkspacesService, 'requireWorkspacePermission'>;
  /** null: LAN mode is off */
  policy: NetworkPolicy | null;
  /** null: discovery is off (LAN_BAMBU_DISCOVERY_PORT unset) */
  discovery: Pick<BambuDiscovery, 'list'> | null;
}) {
  return {
    async listDiscovered(userId: number, workspaceId: number): Promise<DiscoveredPrinters> {
      await deps.workspaces.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
      const { policy, discovery } = deps;
      if (!policy || !discovery) return { is_listening: false, printers: [] };
      const heard = discovery.list();
      const allowed = await Promise.all(
        heard.map(async (printer) => 'addresses' in (await checkAddress(policy, printer.address))),
      );
      return { is_listening: true, printers: heard.filter((_, index) => allowed[index]) };
    },
  };
}

export type LanDiscoveryService = ReturnType<typeof createLanDiscoveryService>;
