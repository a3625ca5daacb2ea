import { isScreenAvailable } from '../../config/screens';
import { isHeaderActionAvailable } from './header-actions';
import { getNavigationItems, keepAvailable, type Navigation } from './navigation';
import type { Workspace } from '@printdeck/shared';

/** The navigation of the shell for the current workspace, limited to what exists. */
export function getShellNavigation(workspace: Workspace, workspaceCount: number): Navigation {
  const navigation = getNavigationItems({
    workspace,
    permissions: workspace.me.permissions,
    workspaceCount,
    // News come with their own issue; until then there is nothing to announce.
    hasNews: false,
    unreadNews: 0,
  });
  return keepAvailable(navigation, {
    isScreenAvailable,
    isActionAvailable: isHeaderActionAvailable,
  });
}
