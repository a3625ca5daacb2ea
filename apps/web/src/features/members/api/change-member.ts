import type { Role } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { membersQueryKey } from './get-members';

export function updateMemberRole(input: { workspaceId: number; userId: number; role: Role }) {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/groups/{g}/users/{userId}/', { g: input.workspaceId, userId: input.userId }),
    body: { role: input.role } satisfies ApiRequestBody<'/groups/{g}/users/{userId}/', 'patch'>,
  });
}

/** 409 for the last admin: the screen shows the server's message. */
export function removeMember(input: { workspaceId: number; userId: number }): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/groups/{g}/users/{userId}/', { g: input.workspaceId, userId: input.userId }),
  });
}

export function deleteInvitation(input: { workspaceId: number; id: number }): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/groups/{g}/invitations/{id}/', { g: input.workspaceId, id: input.id }),
  });
}

function useMembersMutation<T>(workspaceId: number, mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}

export function useUpdateMemberRole(workspaceId: number) {
  return useMembersMutation(workspaceId, (input: { userId: number; role: Role }) =>
    updateMemberRole({ workspaceId, ...input }),
  );
}

export function useRemoveMember(workspaceId: number) {
  return useMembersMutation(workspaceId, (userId: number) => removeMember({ workspaceId, userId }));
}

export function useDeleteInvitation(workspaceId: number) {
  return useMembersMutation(workspaceId, (id: number) => deleteInvitation({ workspaceId, id }));
}
