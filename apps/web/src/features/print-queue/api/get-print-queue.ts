import {
  PRINT_QUEUE_PAGE_DEFAULT,
  PRINT_QUEUE_PRINTED_DEFAULT,
  PrintQueueListSchema,
  type PrintQueueList,
} from '@printdeck/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

/** Every query of a workspace's print queue starts so: mutations invalidate by it. */
export const printQueueQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'print-queue'] as const;

/** Items move by themselves (a job ends, a video is made, a jobox starts the next): look again. */
const REFRESH_MS = 3000;

/** How many queued and printed items the boxes show (each grows by its "Show more"). */
export interface PrintQueueLimits {
  queueLimit: number;
  printedLimit: number;
}

const DEFAULT_LIMITS: PrintQueueLimits = {
  queueLimit: PRINT_QUEUE_PAGE_DEFAULT,
  printedLimit: PRINT_QUEUE_PRINTED_DEFAULT,
};

/**
 * The first `queueLimit` queued items, the running ones, the newest `printedLimit` printed ones
 * and the newest archived: one request, so each poll shows one consistent moment.
 */
export function getPrintQueue(
  workspaceId: number,
  limits: PrintQueueLimits,
  signal?: AbortSignal,
): Promise<PrintQueueList> {
  return apiClient.request({
    path: `${apiPath('/groups/{g}/print-queue/', { g: workspaceId })}?queue_limit=${limits.queueLimit}&printed_limit=${limits.printedLimit}`,
    schema: PrintQueueListSchema,
    signal,
  });
}

export function getPrintQueueQueryOptions(workspaceId: number, limits = DEFAULT_LIMITS) {
  return queryOptions({
    queryKey: [...printQueueQueryKey(workspaceId), limits] as const,
    queryFn: ({ signal }) => getPrintQueue(workspaceId, limits, signal),
    // "Show more" keeps the items shown until the longer list arrives
    placeholderData: (previous) => previous,
  });
}

/** The queue page's data: refreshed while the tab is visible, and again when it becomes visible. */
export function usePrintQueue(workspaceId: number, limits?: PrintQueueLimits) {
  return useQuery({
    ...getPrintQueueQueryOptions(workspaceId, limits),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function invalidatePrintQueue(queryClient: QueryClient, workspaceId: number) {
  return queryClient.invalidateQueries({ queryKey: printQueueQueryKey(workspaceId) });
}
