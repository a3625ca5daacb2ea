/** What the app's routes use of workspace statistics (features are leaves). */
export { getWorkspaceStatsQueryOptions } from './api/get-workspace-stats';
export { getDefaultStatsRange } from './stats-dates';
