import type { QueryClient } from '@tanstack/react-query';
import { myWorkspacesQueryKey } from '../../workspaces';

/**
 * After a printer is added, changed or removed: its lists reload, and so do the workspaces,
 * whose printers_count decides the Printers link.
 */
export function invalidatePrinterLists(queryClient: QueryClient, workspaceId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['groups', workspaceId] }),
    queryClient.invalidateQueries({ queryKey: ['printers'] }),
    queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey }),
  ]);
}
