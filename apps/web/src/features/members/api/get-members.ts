import { MembersSchema, type Members } from '@printdeck/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { nextPagePath } from '../../../api/next-page-path';

export const membersQueryKey = (workspaceId: number) => ['groups', workspaceId, 'users'] as const;

export function getMembersPage(path: string, signal?: AbortSignal): Promise<Members> {
  return apiClient.request({ path, schema: MembersSchema, signal });
}

/** While an invitation waits for the mail server the list looks again, to show it sent. */
const PENDING_DELIVERY_REFRESH_MS = 5000;

/** Members by e-mail a page at a time (Load more); pending invitations come with the first. */
export function useMembers(workspaceId: number, isEnabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: membersQueryKey(workspaceId),
      queryFn: ({ pageParam, signal }) => getMembersPage(pageParam, signal),
      initialPageParam: apiPath('/groups/{g}/users/', { g: workspaceId }),
      getNextPageParam: (last: Members) => nextPagePath(last),
      enabled: isEnabled,
      refetchInterval: (query) =>
        query.state.data?.pages[0]?.pendingInvitations.some(
          (invitation) => invitation.delivery === 'pending',
        )
          ? PENDING_DELIVERY_REFRESH_MS
          : false,
    }),
  );
}
