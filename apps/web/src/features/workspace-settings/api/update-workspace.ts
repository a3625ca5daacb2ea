import { WorkspaceSchema, type Workspace, type WorkspaceUpdate } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { createXhrTransport } from '../../../api/xhr-transport';
import { myWorkspacesQueryKey } from '../../../shared/workspaces/api/get-my-workspaces';
import { workspaceQueryKey } from './get-workspace';

export function updateWorkspace(input: { id: number; body: WorkspaceUpdate }): Promise<Workspace> {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/users/me/groups/{id}/', { id: input.id }),
    body: input.body satisfies ApiRequestBody<'/users/me/groups/{id}/', 'patch'>,
    schema: WorkspaceSchema,
  });
}

/** The avatar goes as multipart `avatar`, already cropped and converted to PNG. */
export function uploadWorkspaceAvatar(input: { id: number; png: Blob }): Promise<Workspace> {
  const form = new FormData();
  form.append('avatar', input.png, 'avatar.png');
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/users/me/groups/{id}/', { id: input.id }),
    schema: WorkspaceSchema,
    transport: createXhrTransport(form),
  });
}

function useWorkspaceMutation<T>(id: number, mutationFn: (input: T) => Promise<Workspace>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (workspace) => {
      queryClient.setQueryData(workspaceQueryKey(id), workspace);
      return queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey, exact: true });
    },
    meta: INLINE_ERRORS,
  });
}

export function useUpdateWorkspace(id: number) {
  return useWorkspaceMutation(id, (body: WorkspaceUpdate) => updateWorkspace({ id, body }));
}

export function useUploadWorkspaceAvatar(id: number) {
  return useWorkspaceMutation(id, (png: Blob) => uploadWorkspaceAvatar({ id, png }));
}
