import { WorkspaceSchema, type Workspace } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

/** Yes: the membership is made now. */
export function acceptMyInvitation(id: number): Promise<Workspace> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/me/invitations/{id}/accept/', { id }),
    schema: WorkspaceSchema,
  });
}

/** No: the invitation is gone. */
export function declineMyInvitation(id: number): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/users/me/invitations/{id}/', { id }),
  });
}

export function useAnswerMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      accept ? acceptMyInvitation(id).then(() => undefined) : declineMyInvitation(id),
    onSettled: async () => {
      // my invitations and my workspaces both live under ['users', 'me']
      await queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    },
  });
}
