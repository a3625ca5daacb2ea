import { getVideoQueryOptions, getVideosQueryOptions } from '../../features/videos';
import { parseRouteId } from '../../lib/route-id';
import { prefetchInWorkspace } from './prefetch-in-workspace';

/** Videos: the workspace's first page of videos. */
export const loadVideosPage = prefetchInWorkspace(({ workspace, prefetch }) => {
  prefetch.infiniteQuery(getVideosQueryOptions(workspace.id, {}));
});

/** One video's page. */
export const loadVideoPage = prefetchInWorkspace(({ workspace, params, prefetch }) => {
  prefetch.query(getVideoQueryOptions(workspace.id, parseRouteId(params.id)));
});
