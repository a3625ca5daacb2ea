import { VideoPageSchema, type VideoPage } from '@printdeck/shared';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { nextPagePath } from '../../../api/next-page-path';

/** Every video query of a workspace starts with this key: a change reloads them all. */
export const videosQueryKey = (workspaceId: number) => ['groups', workspaceId, 'videos'] as const;

/** Spec part 2 §9: a page of videos is as long as the skeleton list. */
export const VIDEOS_PAGE_SIZE = 12;

/** The workspace's videos, or one file's. */
export type VideoFilter = { fileId: number } | Record<string, never>;

function firstPath(workspaceId: number, filter: VideoFilter): string {
  const query = `?limit=${VIDEOS_PAGE_SIZE}`;
  return 'fileId' in filter
    ? `${apiPath('/files/{id}/videos/', { id: filter.fileId })}${query}`
    : `${apiPath('/groups/{g}/videos/', { g: workspaceId })}${query}`;
}

export function getVideosPage(path: string, signal?: AbortSignal): Promise<VideoPage> {
  return apiClient.request({ path, schema: VideoPageSchema, signal });
}

export function getVideosQueryOptions(workspaceId: number, filter: VideoFilter) {
  return infiniteQueryOptions({
    queryKey: [...videosQueryKey(workspaceId), 'list', filter],
    queryFn: ({ pageParam, signal }) => getVideosPage(pageParam, signal),
    initialPageParam: firstPath(workspaceId, filter),
    getNextPageParam: (last: VideoPage) => nextPagePath(last),
    // the strips' signed links live 30 minutes
    staleTime: 5 * 60_000,
  });
}

export function useVideos(workspaceId: number, filter: VideoFilter = {}) {
  return useInfiniteQuery(getVideosQueryOptions(workspaceId, filter));
}

export function invalidateVideos(queryClient: QueryClient, workspaceId: number) {
  return queryClient.invalidateQueries({ queryKey: videosQueryKey(workspaceId) });
}
