import { WorkspaceSchema, type InvitationAccept, type Workspace } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** Without an account: a password makes the account and the membership. */
export function acceptInvitation(body: InvitationAccept): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: '/invitations/accept/',
    body,
    isAnonymous: true,
  });
}

/** Signed in with the invited address: joins the workspace. */
export function joinInvitation(token: string): Promise<Workspace> {
  return apiClient.request({
    method: 'POST',
    path: '/users/me/invitations/accept/',
    body: { token },
    schema: WorkspaceSchema,
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, meta: INLINE_ERRORS });
}

export function useJoinInvitation() {
  return useMutation({ mutationFn: joinInvitation, meta: INLINE_ERRORS });
}
