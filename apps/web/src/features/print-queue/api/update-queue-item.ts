import {
  PrintQueueItemSchema,
  type PrintQueueItem,
  type PrintQueueItemUpdateSchema,
} from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import type { RequestMeta } from '../../../api/query-meta';
import { invalidatePrintQueue } from './get-print-queue';

export type QueueItemUpdateBody = z.input<typeof PrintQueueItemUpdateSchema>;

/** Answers the item, or undefined when an archive removed it as a duplicate (204). */
export function updateQueueItem(input: {
  workspaceId: number;
  itemId: number;
  body: QueueItemUpdateBody;
}): Promise<PrintQueueItem | undefined> {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/groups/{g}/print-queue/{itemId}/', {
      g: input.workspaceId,
      itemId: input.itemId,
    }),
    body: input.body satisfies ApiRequestBody<'/groups/{g}/print-queue/{itemId}/', 'patch'>,
    schema: PrintQueueItemSchema,
  });
}

/** Edit, or Archive with `{ state: 'DONE' }`. */
export function useUpdateQueueItem(workspaceId: number, meta?: RequestMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: number; body: QueueItemUpdateBody }) =>
      updateQueueItem({ workspaceId, ...input }),
    onSettled: () => invalidatePrintQueue(queryClient, workspaceId),
    meta,
  });
}
