import {
  SpoolmanStatusSchema,
  type SpoolmanConnectInput,
  type SpoolmanStatus,
} from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { spoolsQueryKey } from '../../../shared/spools/api/get-spools';

export const spoolmanQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'spoolman'] as const;

/** The workspace's Spoolman connection; `connection: null` is the built-in inventory. */
export function useSpoolman(workspaceId: number) {
  return useQuery(
    queryOptions({
      queryKey: spoolmanQueryKey(workspaceId),
      queryFn: ({ signal }): Promise<SpoolmanStatus> =>
        apiClient.request({
          path: apiPath('/groups/{g}/spoolman/', { g: workspaceId }),
          schema: SpoolmanStatusSchema,
          signal,
        }),
    }),
  );
}

/** Connect, disconnect and sync change the spools too: both keys are refreshed. */
function useRefresh(workspaceId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: spoolmanQueryKey(workspaceId) });
    await queryClient.invalidateQueries({ queryKey: spoolsQueryKey(workspaceId) });
  };
}

export function useConnectSpoolman(workspaceId: number) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: (body: SpoolmanConnectInput): Promise<SpoolmanStatus> =>
      apiClient.request({
        method: 'PUT',
        path: apiPath('/groups/{g}/spoolman/', { g: workspaceId }),
        body: body satisfies ApiRequestBody<'/groups/{g}/spoolman/', 'put'>,
        schema: SpoolmanStatusSchema,
      }),
    onSuccess: refresh,
    meta: INLINE_ERRORS,
  });
}

export function useDisconnectSpoolman(workspaceId: number) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: (): Promise<void> =>
      apiClient.request({
        method: 'DELETE',
        path: apiPath('/groups/{g}/spoolman/', { g: workspaceId }),
      }),
    onSuccess: refresh,
  });
}

export function useSyncSpoolman(workspaceId: number) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: (): Promise<SpoolmanStatus> =>
      apiClient.request({
        method: 'POST',
        path: apiPath('/groups/{g}/spoolman/sync/', { g: workspaceId }),
        schema: SpoolmanStatusSchema,
      }),
    onSuccess: refresh,
  });
}
