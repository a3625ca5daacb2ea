import { WorkspaceSchema, type Workspace } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export const workspaceQueryKey = (id: number) => ['users', 'me', 'groups', id] as const;

export function getWorkspace(id: number, signal?: AbortSignal): Promise<Workspace> {
  return apiClient.request({
    path: apiPath('/users/me/groups/{id}/', { id }),
    schema: WorkspaceSchema,
    signal,
  });
}

/** A 404 is the screen's to explain: it says so and returns to the list. */
export function getWorkspaceQueryOptions(id: number) {
  return queryOptions({
    queryKey: workspaceQueryKey(id),
    queryFn: ({ signal }) => getWorkspace(id, signal),
    retry: false,
    meta: INLINE_ERRORS,
  });
}

export function useWorkspace(id: number) {
  return useQuery(getWorkspaceQueryOptions(id));
}
