import { PrintQueueListSchema, type PrintQueueList } from '@printdeck/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

/** Every query of a workspace's print queue starts so: mutations invalidate by it. */
export const printQueueQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'print-queue'] as const;

/** Items move by themselves (a job ends, a video is made, a jobox starts the next): look again. */
const REFRESH_MS = 3000;

export function getPrintQueue(workspaceId: number, signal?: AbortSignal): Promise<PrintQueueList> {
  return apiClient.request({
    path: `/groups/${workspaceId}/print-queue/`,
    schema: PrintQueueListSchema,
    signal,
  });
}

export function getPrintQueueQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: printQueueQueryKey(workspaceId),
    queryFn: ({ signal }) => getPrintQueue(workspaceId, signal),
  });
}

/** The queue page's data: refreshed while the tab is visible, and again when it becomes visible. */
export function usePrintQueue(workspaceId: number) {
  return useQuery({
    ...getPrintQueueQueryOptions(workspaceId),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function invalidatePrintQueue(queryClient: QueryClient, workspaceId: number) {
  return queryClient.invalidateQueries({ queryKey: printQueueQueryKey(workspaceId) });
}
