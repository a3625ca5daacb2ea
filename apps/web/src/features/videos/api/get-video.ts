import { VideoSchema, type Video } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { videosQueryKey } from './get-videos';

export function getVideo(workspaceId: number, videoId: number, signal?: AbortSignal) {
  return apiClient.request<Video>({
    path: apiPath('/groups/{g}/videos/{id}/', { g: workspaceId, id: videoId }),
    schema: VideoSchema,
    signal,
  });
}

export function getVideoQueryOptions(workspaceId: number, videoId: number) {
  return queryOptions({
    queryKey: [...videosQueryKey(workspaceId), 'detail', videoId],
    queryFn: ({ signal }) => getVideo(workspaceId, videoId, signal),
    // a video still being made is looked at again until it is done
    refetchInterval: (query) =>
      query.state.data && ['RECORDING', 'ANALYZING'].includes(query.state.data.state)
        ? 3000
        : false,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
    enabled: videoId > 0,
  });
}

export function useVideo(workspaceId: number, videoId: number) {
  return useQuery(getVideoQueryOptions(workspaceId, videoId));
}
