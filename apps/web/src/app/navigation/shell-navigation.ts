import { isScreenAvailable } from '../../config/screens';
import { isHeaderActionAvailable } from './header-actions';
import { getNavigationItems, keepAvailable, type Navigation } from './navigation';
import type { Workspace } from '@printdeck/shared';

/** The navigation of the shell for the current workspace, limited to what exists. */
export function getShellNavigation(
  workspace: Workspace,
  workspaceCount: number,
  news: { hasNews: boolean; unreadNews: number } = { hasNews: false, unreadNews: 0 },
): Navigation {
  const navigation = getNavigationItems({
    workspace,
    permissions: workspace.me.permissions,
    workspaceCount,
    ...news,
  });
  return keepAvailable(navigation, {
    isScreenAvailable,
    isActionAvailable: isHeaderActionAvailable,
  });
}
