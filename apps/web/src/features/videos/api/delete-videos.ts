import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { invalidateVideos } from './get-videos';

export function deleteVideo(workspaceId: number, videoId: number) {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/groups/{g}/videos/{id}/', { g: workspaceId, id: videoId }),
  });
}

/** One or several videos, one call each; the lists reload once all are gone. */
export function useDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ workspaceId, videoIds }: { workspaceId: number; videoIds: number[] }) => {
      for (const id of videoIds) await deleteVideo(workspaceId, id);
    },
    onSettled: (_result, _error, { workspaceId }) => invalidateVideos(queryClient, workspaceId),
  });
}
