import { WorkspaceListSchema, type Workspace } from '@printdeck/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export const myWorkspacesQueryKey = ['users', 'me', 'groups'] as const;

export function getMyWorkspaces(signal?: AbortSignal): Promise<Workspace[]> {
  return apiClient.request({
    path: apiPath('/users/me/groups/'),
    schema: WorkspaceListSchema,
    signal,
  });
}

export function getMyWorkspacesQueryOptions() {
  return queryOptions({
    queryKey: myWorkspacesQueryKey,
    queryFn: ({ signal }) => getMyWorkspaces(signal),
  });
}

/** The route loaders have fetched the list already, so this does not suspend in practice. */
export function useMyWorkspaces(): Workspace[] {
  return useSuspenseQuery(getMyWorkspacesQueryOptions()).data;
}
