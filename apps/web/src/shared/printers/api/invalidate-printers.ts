import type { QueryClient } from '@tanstack/react-query';
import { myWorkspacesQueryKey } from '../../workspaces/api/get-my-workspaces';

/**
 * After a printer is added, changed or removed: its lists reload, and so do the workspaces,
 * whose printers_count decides the Printers link.
 */
export function invalidatePrinterLists(
  queryClient: QueryClient,
  workspaceId: number,
  options: { deletedPrinterId?: number } = {},
) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['groups', workspaceId] }),
    queryClient.invalidateQueries({
      queryKey: ['printers'],
      // a deleted printer's own query would only learn it is gone (404) and tell the user
      // "Printer not found" right after they deleted it
      predicate: (query) => query.queryKey[1] !== options.deletedPrinterId,
    }),
    queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey }),
  ]);
}
