import { PrintQueueListSchema, type PrintQueueList } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { invalidatePrintQueue, printQueueQueryKey } from './get-print-queue';

export function reorderPrintQueue(input: {
  workspaceId: number;
  ids: number[];
}): Promise<PrintQueueList> {
  return apiClient.request({
    method: 'PUT',
    path: apiPath('/groups/{g}/print-queue/order/', { g: input.workspaceId }),
    body: { ids: input.ids } satisfies ApiRequestBody<'/groups/{g}/print-queue/order/', 'put'>,
    schema: PrintQueueListSchema,
  });
}

/** Drag and drop in the Queue box: shown in the new order at once, then confirmed. */
export function useReorderPrintQueue(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => reorderPrintQueue({ workspaceId, ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: printQueueQueryKey(workspaceId) });
      const queries = { queryKey: printQueueQueryKey(workspaceId) };
      queryClient.setQueriesData<PrintQueueList>(queries, (current) => {
        if (!current) return current;
        const rank = new Map(ids.map((id, index) => [id, index]));
        const results = [...current.results].sort(
          (a, b) =>
            (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) -
            (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
        );
        return { ...current, results };
      });
    },
    onSettled: () => invalidatePrintQueue(queryClient, workspaceId),
  });
}
