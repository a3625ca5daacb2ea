/** What the app's routes use of workspace settings (features are leaves). */
export { getWorkspaceQueryOptions } from './api/get-workspace';
