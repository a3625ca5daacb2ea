import {
  PRINT_QUEUE_PAGE_DEFAULT,
  PrintQueueListSchema,
  type PrintQueueList,
} from '@printdeck/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

/** Every query of a workspace's print queue starts so: mutations invalidate by it. */
export const printQueueQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'print-queue'] as const;

/** Items move by themselves (a job ends, a video is made, a jobox starts the next): look again. */
const REFRESH_MS = 3000;

/**
 * The first `queueLimit` queued items (the Queue box grows by "Show more"), every printed item
 * and the newest archived ones: one request, so each poll shows one consistent moment.
 */
export function getPrintQueue(
  workspaceId: number,
  queueLimit: number,
  signal?: AbortSignal,
): Promise<PrintQueueList> {
  return apiClient.request({
    path: `/groups/${workspaceId}/print-queue/?queue_limit=${queueLimit}`,
    schema: PrintQueueListSchema,
    signal,
  });
}

export function getPrintQueueQueryOptions(
  workspaceId: number,
  queueLimit = PRINT_QUEUE_PAGE_DEFAULT,
) {
  return queryOptions({
    queryKey: [...printQueueQueryKey(workspaceId), { queueLimit }] as const,
    queryFn: ({ signal }) => getPrintQueue(workspaceId, queueLimit, signal),
    // "Show more" keeps the items shown until the longer list arrives
    placeholderData: (previous) => previous,
  });
}

/** The queue page's data: refreshed while the tab is visible, and again when it becomes visible. */
export function usePrintQueue(workspaceId: number, queueLimit?: number) {
  return useQuery({
    ...getPrintQueueQueryOptions(workspaceId, queueLimit),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function invalidatePrintQueue(queryClient: QueryClient, workspaceId: number) {
  return queryClient.invalidateQueries({ queryKey: printQueueQueryKey(workspaceId) });
}
