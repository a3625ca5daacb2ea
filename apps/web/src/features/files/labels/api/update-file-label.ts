import { FileLabelSchema, type FileLabel, type FileLabelUpdate } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../../api/contract';
import { INLINE_ERRORS } from '../../../../api/query-meta';
import { fileLabelsQueryKey } from '../../../../shared/file-labels/api/get-file-labels';

export function updateFileLabel(input: {
  workspaceId: number;
  labelId: number;
  body: FileLabelUpdate;
}): Promise<FileLabel> {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/groups/{g}/file-labels/{id}/', { g: input.workspaceId, id: input.labelId }),
    body: input.body satisfies ApiRequestBody<'/groups/{g}/file-labels/{id}/', 'patch'>,
    schema: FileLabelSchema,
  });
}

/** Rename or move; a parent that would make a loop comes back as details.parent_id. */
export function useUpdateFileLabel(workspaceId: number, onChanged?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { labelId: number; body: FileLabelUpdate }) =>
      updateFileLabel({ workspaceId, ...input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fileLabelsQueryKey(workspaceId) }),
        onChanged?.(),
      ]),
    meta: INLINE_ERRORS,
  });
}
