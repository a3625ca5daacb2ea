import { redirect } from 'react-router';
import { SCREEN_PATHS } from '../config/screens';
import { getMeQueryOptions } from '../shared/account/api/get-me';
import { getFirstRunStatusQueryOptions } from '../features/first-run/api/get-first-run-status';
import { getMyWorkspacesQueryOptions } from '../shared/workspaces/api/get-my-workspaces';
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

/** Nobody signed in: the sign-in page, or the welcome page while no account exists at all. */
async function requireSignedIn(): Promise<void> {
  if (isSignedIn()) return;
  const firstRun = await queryClient
    .fetchQuery(getFirstRunStatusQueryOptions())
    .catch(() => ({ is_open: false }));
  throw redirect(firstRun.is_open ? SCREEN_PATHS.welcome : SCREEN_PATHS.login);
}

/** The welcome page exists only while the server waits for its first account. */
export async function requireFirstRunOpen() {
  if (isSignedIn()) throw redirect(SCREEN_PATHS.dashboard);
  const firstRun = await queryClient.fetchQuery(getFirstRunStatusQueryOptions());
  if (!firstRun.is_open) throw redirect(SCREEN_PATHS.login);
  return null;
}

/** Workspace selection: a signed-in user and the list of workspaces. */
export async function loadWorkspaces() {
  await requireSignedIn();
  await queryClient.ensureQueryData(getMyWorkspacesQueryOptions());
  return null;
}

/** The shell: a signed-in user working in one of their workspaces. */
export async function requireWorkspace() {
  await requireSignedIn();
  const workspaces = await queryClient.ensureQueryData(getMyWorkspacesQueryOptions());
  if (!findSelectedWorkspace(workspaces, getSelectedWorkspaceId())) {
    throw redirect(SCREEN_PATHS.selectGroup);
  }
  void queryClient.prefetchQuery(getMeQueryOptions());
  return null;
}

/** Any other path: the 404 page, inside the app's shell for a signed-in user in a workspace. */
export async function loadNotFound(): Promise<{ hasShell: boolean }> {
  if (!isSignedIn()) return { hasShell: false };
  try {
    const workspaces = await queryClient.ensureQueryData(getMyWorkspacesQueryOptions());
    const hasShell = Boolean(findSelectedWorkspace(workspaces, getSelectedWorkspaceId()));
    if (hasShell) void queryClient.prefetchQuery(getMeQueryOptions());
    return { hasShell };
  } catch {
    return { hasShell: false };
  }
}
