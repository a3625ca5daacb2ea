import { getDefaultStatsRange, getWorkspaceStatsQueryOptions } from '../../features/stats';
import { getWorkspaceQueryOptions } from '../../features/workspace-settings';
import type { PageStart } from './prefetch-in-workspace';

/** Statistics over the page's first range (the last year up to today). */
export const startWorkspaceStatsPage: PageStart = ({ workspace, prefetch }) => {
  prefetch.query(getWorkspaceStatsQueryOptions(workspace.id, getDefaultStatsRange(new Date())));
};

/** Settings → Workspaces → one workspace (any of the person's, not only the selected one). */
export const startWorkspaceEditPage: PageStart = ({ id, prefetch }) => {
  if (id > 0) prefetch.query(getWorkspaceQueryOptions(id));
};
