import { WorkspaceSchema, type Workspace, type WorkspaceCreate } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { myWorkspacesQueryKey } from './get-my-workspaces';

/** Creates a workspace whose admin is the caller. */
export function createWorkspace(body: WorkspaceCreate): Promise<Workspace> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/me/groups/'),
    body,
    schema: WorkspaceSchema,
  });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey }),
    meta: INLINE_ERRORS,
  });
}
