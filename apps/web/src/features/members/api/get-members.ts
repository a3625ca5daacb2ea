import { MembersSchema, type Members } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export const membersQueryKey = (workspaceId: number) => ['groups', workspaceId, 'users'] as const;

export function getMembers(workspaceId: number, signal?: AbortSignal): Promise<Members> {
  return apiClient.request({
    path: `/groups/${workspaceId}/users/`,
    schema: MembersSchema,
    signal,
  });
}

export function useMembers(workspaceId: number, isEnabled = true) {
  return useQuery(
    queryOptions({
      queryKey: membersQueryKey(workspaceId),
      queryFn: ({ signal }) => getMembers(workspaceId, signal),
      enabled: isEnabled,
    }),
  );
}
