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

/** While an invitation waits for the mail server the list looks again, to show it sent. */
const PENDING_DELIVERY_REFRESH_MS = 5000;

export function useMembers(workspaceId: number, isEnabled = true) {
  return useQuery(
    queryOptions({
      queryKey: membersQueryKey(workspaceId),
      queryFn: ({ signal }) => getMembers(workspaceId, signal),
      enabled: isEnabled,
      refetchInterval: (query) =>
        query.state.data?.pendingInvitations.some((invitation) => invitation.delivery === 'pending')
          ? PENDING_DELIVERY_REFRESH_MS
          : false,
    }),
  );
}
