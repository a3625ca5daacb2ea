import { FileLabelSchema, type FileLabel, type FileLabelCreate } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../../api/contract';
import { INLINE_ERRORS } from '../../../../api/query-meta';
import { fileLabelsQueryKey } from '../../../../shared/file-labels/api/get-file-labels';

export function createFileLabel(input: {
  workspaceId: number;
  body: FileLabelCreate;
}): Promise<FileLabel> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/groups/{g}/file-labels/', { g: input.workspaceId }),
    body: input.body satisfies ApiRequestBody<'/groups/{g}/file-labels/', 'post'>,
    schema: FileLabelSchema,
  });
}

/** The label dialog shows a refused name or parent itself. */
export function useCreateFileLabel(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FileLabelCreate) => createFileLabel({ workspaceId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileLabelsQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}
