import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { myWorkspacesQueryKey } from '../../../shared/workspaces/api/get-my-workspaces';
import { gcodeQueryKey, invalidateGcodeLists } from '../../../shared/gcodes';

export function deleteGcode(input: { workspaceId: number; gcodeId: number }): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/groups/{g}/files/{id}/', { g: input.workspaceId, id: input.gcodeId }),
  });
}

/** Deletes one or several files, one call each; the lists and the workspace counts reload. */
export function useDeleteGcodes(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (gcodeIds: readonly number[]) => {
      for (const gcodeId of gcodeIds) await deleteGcode({ workspaceId, gcodeId });
    },
    onSettled: (_result, _error, gcodeIds) =>
      Promise.all([
        // not refetched now (the detail page is leaving); its next visit asks again
        ...gcodeIds.map((gcodeId) =>
          queryClient.invalidateQueries({
            queryKey: gcodeQueryKey(workspaceId, gcodeId),
            exact: true,
            refetchType: 'none',
          }),
        ),
        invalidateGcodeLists(queryClient, workspaceId),
        queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey }),
      ]),
  });
}
