import { VideoSchema, type Video } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { videosQueryKey } from './get-videos';

export interface VideoPublicInput {
  workspaceId: number;
  videoId: number;
  isPublic: boolean;
}

/** PATCH is_public (spec part 2 §7.4). */
export function setVideoPublic({ workspaceId, videoId, isPublic }: VideoPublicInput) {
  return apiClient.request<Video>({
    method: 'PATCH',
    path: apiPath('/groups/{g}/videos/{id}/', { g: workspaceId, id: videoId }),
    body: { is_public: isPublic } satisfies ApiRequestBody<'/groups/{g}/videos/{id}/', 'patch'>,
    schema: VideoSchema,
  });
}

export function useSetVideoPublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVideoPublic,
    onSuccess: (video, { workspaceId }) => {
      queryClient.setQueryData([...videosQueryKey(workspaceId), 'detail', video.id], video);
      void queryClient.invalidateQueries({
        queryKey: [...videosQueryKey(workspaceId), 'list'],
      });
    },
  });
}
