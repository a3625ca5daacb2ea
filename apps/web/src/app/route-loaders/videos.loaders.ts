import { getVideoQueryOptions, getVideosQueryOptions } from '../../features/videos';
import type { PageStart } from './prefetch-in-workspace';

/** Videos: the workspace's first page of videos. */
export const startVideosPage: PageStart = ({ workspace, prefetch }) => {
  prefetch.infiniteQuery(getVideosQueryOptions(workspace.id, {}));
};

/** One video's page. */
export const startVideoPage: PageStart = ({ workspace, id, prefetch }) => {
  prefetch.query(getVideoQueryOptions(workspace.id, id));
};
