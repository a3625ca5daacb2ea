import { WaitingStartSchema, type WaitingStart } from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { BACKGROUND_ERRORS } from '../../../api/query-meta';

export const waitingStartsQueryKey = (workspaceId: number) =>
  ['waiting-starts', workspaceId] as const;

/** While a start waits its turn, the cards look again this often (it starts by itself). */
const WAITING_REFRESH_MS = 5_000;
const IDLE_REFRESH_MS = 60_000;

export function getWaitingStarts(workspaceId: number, signal?: AbortSignal) {
  return apiClient.request<WaitingStart[]>({
    path: apiPath('/groups/{g}/waiting-starts/', { g: workspaceId }),
    schema: z.array(WaitingStartSchema),
    signal,
  });
}

/** The workspace's starts held by the staggered-start rule: one request for all the cards. */
export function useWaitingStarts(workspaceId: number) {
  return useQuery(
    queryOptions({
      queryKey: waitingStartsQueryKey(workspaceId),
      queryFn: ({ signal }) => getWaitingStarts(workspaceId, signal),
      refetchInterval: (query) =>
        query.state.data?.some((start) => start.state !== 'failed')
          ? WAITING_REFRESH_MS
          : IDLE_REFRESH_MS,
      meta: BACKGROUND_ERRORS,
    }),
  );
}

/** Cancels a start that still waits (409 once it is being sent); the list reloads. */
export function useCancelWaitingStart(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<undefined>({
        method: 'DELETE',
        path: apiPath('/groups/{g}/waiting-starts/{id}/', { g: workspaceId, id }),
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: waitingStartsQueryKey(workspaceId) }),
  });
}
