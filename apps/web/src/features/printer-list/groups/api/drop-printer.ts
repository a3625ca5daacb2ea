import type { PrinterGroup } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyDropAction, type DropAction } from '../model/printer-sections';
import { printerGroupsQueryKey } from './get-printer-groups';
import { movePrinterToGroup } from './move-printer-to-group';
import { removePrinterFromGroup } from './remove-printer-from-group';

function runDropAction(action: DropAction): Promise<void> {
  switch (action.kind) {
    case 'move':
      return movePrinterToGroup(action);
    case 'remove':
      return removePrinterFromGroup(action);
    case 'none':
      return Promise.resolve();
  }
}

/** A printer dropped on a group: shown there at once, put back if the server refuses. */
export function useDropPrinter(workspaceId: number) {
  const queryClient = useQueryClient();
  const queryKey = printerGroupsQueryKey(workspaceId);
  return useMutation({
    mutationFn: runDropAction,
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<PrinterGroup[]>(queryKey);
      if (previous) queryClient.setQueryData(queryKey, applyDropAction(previous, action));
      return { previous };
    },
    onError: (_error, _action, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
