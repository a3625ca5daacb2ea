import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { invalidatePrintQueue } from './get-print-queue';

export function deleteQueueItem(input: { workspaceId: number; itemId: number }): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/groups/{g}/print-queue/{itemId}/', {
      g: input.workspaceId,
      itemId: input.itemId,
    }),
  });
}

/** Remove (after the page asked for confirmation). */
export function useDeleteQueueItem(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => deleteQueueItem({ workspaceId, itemId }),
    onSettled: () => invalidatePrintQueue(queryClient, workspaceId),
  });
}
