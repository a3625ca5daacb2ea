/** What other features may use of workspaces. */
export { useCreateWorkspace } from './api/create-workspace';
export { myWorkspacesQueryKey, useMyWorkspaces } from './api/get-my-workspaces';
export { useWorkspaceAvatar } from './api/get-workspace-avatar';
export { CreateWorkspaceForm } from './components/CreateWorkspaceForm';
export { useCurrentWorkspace } from './hooks/current-workspace';
export { useHasPermission } from './hooks/use-permission';
