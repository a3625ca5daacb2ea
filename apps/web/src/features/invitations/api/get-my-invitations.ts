import { MyInvitationSchema, type MyInvitation } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export const myInvitationsQueryKey = ['users', 'me', 'invitations'] as const;

/** Invitations addressed to me that wait for my yes or no. */
export function getMyInvitations(signal?: AbortSignal): Promise<MyInvitation[]> {
  return apiClient.request({
    path: apiPath('/users/me/invitations/'),
    schema: z.array(MyInvitationSchema),
    signal,
  });
}

export function getMyInvitationsQueryOptions() {
  return queryOptions({
    queryKey: myInvitationsQueryKey,
    queryFn: ({ signal }) => getMyInvitations(signal),
  });
}

export function useMyInvitations() {
  return useQuery(getMyInvitationsQueryOptions());
}
