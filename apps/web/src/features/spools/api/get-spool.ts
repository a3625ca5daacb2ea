import { SpoolSchema, type Spool } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { spoolsQueryKey } from '../../../shared/spools/api/get-spools';

export const spoolQueryKey = (workspaceId: number, spoolId: number) =>
  [...spoolsQueryKey(workspaceId), 'detail', spoolId] as const;

export function getSpool(workspaceId: number, spoolId: number, signal?: AbortSignal) {
  return apiClient.request<Spool>({
    path: apiPath('/groups/{g}/spools/{id}/', { g: workspaceId, id: spoolId }),
    schema: SpoolSchema,
    signal,
  });
}

/** The page says itself when the spool does not exist (a label of another workspace). */
export function getSpoolQueryOptions(workspaceId: number, spoolId: number) {
  return queryOptions({
    queryKey: spoolQueryKey(workspaceId, spoolId),
    queryFn: ({ signal }) => getSpool(workspaceId, spoolId, signal),
    meta: INLINE_ERRORS,
    retry: false,
    enabled: spoolId > 0,
  });
}

export function useSpool(workspaceId: number, spoolId: number) {
  return useQuery(getSpoolQueryOptions(workspaceId, spoolId));
}
