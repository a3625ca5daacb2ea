import {
  PrintQueueItemSchema,
  type PrintQueueItem,
  type PrintQueueItemCreateSchema,
} from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { invalidatePrintQueue } from './get-print-queue';

export type QueueItemCreateBody = z.input<typeof PrintQueueItemCreateSchema>;

export function createQueueItem(input: {
  workspaceId: number;
  body: QueueItemCreateBody;
}): Promise<PrintQueueItem> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/groups/{g}/print-queue/', { g: input.workspaceId }),
    body: input.body satisfies ApiRequestBody<'/groups/{g}/print-queue/', 'post'>,
    schema: PrintQueueItemSchema,
  });
}

/** Add to queue; the dialog explains a refusal itself. */
export function useCreateQueueItem(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QueueItemCreateBody) => createQueueItem({ workspaceId, body }),
    onSuccess: () => invalidatePrintQueue(queryClient, workspaceId),
    meta: INLINE_ERRORS,
  });
}
