import { WorkspaceSchema, type InvitationAccept, type Workspace } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { signInNewAccount } from '../../../shared/auth/api/sign-in-new-account';

/** Without an account: a password makes the account and the membership. */
export function acceptInvitation(body: InvitationAccept): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/invitations/accept/'),
    body: body satisfies ApiRequestBody<'/invitations/accept/', 'post'>,
    isAnonymous: true,
  });
}

/** Signed in with the invited address: joins the workspace. */
export function joinInvitation(token: string): Promise<Workspace> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/me/invitations/accept/'),
    body: { token } satisfies ApiRequestBody<'/users/me/invitations/accept/', 'post'>,
    schema: WorkspaceSchema,
  });
}

/** The account is made and, with the password just chosen, signed in (no second log-in). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (input: InvitationAccept & { email: string }) => {
      await acceptInvitation({ token: input.token, password: input.password });
      return { isSignedIn: await signInNewAccount(input.email, input.password) };
    },
    meta: INLINE_ERRORS,
  });
}

export function useJoinInvitation() {
  return useMutation({ mutationFn: joinInvitation, meta: INLINE_ERRORS });
}
