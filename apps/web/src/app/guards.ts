import { redirect } from 'react-router';
import { SCREEN_PATHS } from '../config/screens';
import { getMeQueryOptions } from '../features/account/api/get-me';
import { getMyWorkspacesQueryOptions } from '../features/workspaces/api/get-my-workspaces';
import { findSelectedWorkspace } from '../features/workspaces/find-selected-workspace';
import { getSelectedWorkspaceId } from '../session/selected-workspace';
import { isSignedIn } from '../session/session';
import { queryClient } from './query-client';

/** Route loaders: each checks all it needs, because React Router runs them in parallel. */

/** Sign-in screens: a signed-in user goes to the Dashboard. */
export function requireAnonymous() {
  if (isSignedIn()) throw redirect(SCREEN_PATHS.dashboard);
  return null;
}

function requireSignedIn(): void {
  if (!isSignedIn()) throw redirect(SCREEN_PATHS.login);
}

/** Workspace selection: a signed-in user and the list of workspaces. */
export async function loadWorkspaces() {
  requireSignedIn();
  await queryClient.ensureQueryData(getMyWorkspacesQueryOptions());
  return null;
}

/** The shell: a signed-in user working in one of their workspaces. */
export async function requireWorkspace() {
  requireSignedIn();
  const workspaces = await queryClient.ensureQueryData(getMyWorkspacesQueryOptions());
  if (!findSelectedWorkspace(workspaces, getSelectedWorkspaceId())) {
    throw redirect(SCREEN_PATHS.selectGroup);
  }
  void queryClient.prefetchQuery(getMeQueryOptions());
  return null;
}
