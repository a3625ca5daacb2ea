import { MemberInviteResultSchema, type MemberInviteResult } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { membersQueryKey } from './get-members';

/** An existing account is added, a new address gets a mailed invitation; always as observer. */
export function inviteMember(input: {
  workspaceId: number;
  email: string;
}): Promise<MemberInviteResult> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/groups/{g}/users/', { g: input.workspaceId }),
    body: { username: input.email, role: 'observer' } satisfies ApiRequestBody<
      '/groups/{g}/users/',
      'post'
    >,
    schema: MemberInviteResultSchema,
  });
}

export function useInviteMember(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => inviteMember({ workspaceId, email }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}
