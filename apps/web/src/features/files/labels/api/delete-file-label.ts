import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../api/client';
import { apiPath } from '../../../../api/contract';
import { fileLabelsQueryKey } from '../../../../shared/file-labels/api/get-file-labels';

/** Its children move up to its parent; files lose the label. */
export function deleteFileLabel(input: { workspaceId: number; labelId: number }): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/groups/{g}/file-labels/{id}/', { g: input.workspaceId, id: input.labelId }),
  });
}

export function useDeleteFileLabel(workspaceId: number, onChanged?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (labelId: number) => deleteFileLabel({ workspaceId, labelId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fileLabelsQueryKey(workspaceId) }),
        onChanged?.(),
      ]),
  });
}
