import { PrintQueueItemSchema, type PrintQueueItem } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { invalidatePrintQueue } from './get-print-queue';

export function printQueueItem(input: {
  workspaceId: number;
  itemId: number;
  printerId?: number;
}): Promise<PrintQueueItem> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/groups/{g}/print-queue/{itemId}/print/', {
      g: input.workspaceId,
      itemId: input.itemId,
    }),
    body: (input.printerId === undefined
      ? {}
      : { printer: input.printerId }) satisfies ApiRequestBody<
      '/groups/{g}/print-queue/{itemId}/print/',
      'post'
    >,
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
