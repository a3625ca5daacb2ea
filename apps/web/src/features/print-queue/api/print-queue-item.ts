import { PrintQueueItemSchema, type PrintQueueItem } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { invalidatePrintQueue } from './get-print-queue';

export function printQueueItem(input: {
  workspaceId: number;
  itemId: number;
  printerId?: number;
}): Promise<PrintQueueItem> {
  return apiClient.request({
    method: 'POST',
    path: `/groups/${input.workspaceId}/print-queue/${input.itemId}/print/`,
    body: input.printerId === undefined ? {} : { printer: input.printerId },
    schema: PrintQueueItemSchema,
  });
}

/**
 * Print now, through the one print start. A refused or timed-out start leaves the item in the
 * queue with its reason; the page tells it.
 */
export function usePrintQueueItem(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: number; printerId?: number }) =>
      printQueueItem({ workspaceId, ...input }),
    onSettled: () => invalidatePrintQueue(queryClient, workspaceId),
    meta: INLINE_ERRORS,
  });
}
