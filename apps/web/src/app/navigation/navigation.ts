import type { Permission } from '@printdeck/shared';

/** Screens the shell links to (spec part 1 §2 "Application shell", part 2 §2.13). */
export type NavLinkId = 'dashboard' | 'printers' | 'gcodes' | 'videos' | 'printQueue' | 'spools';
export type HeaderActionId = 'print' | 'upload';
export type UserMenuEntryId =
  'switchWorkspace' | 'settings' | 'statistics' | 'forum' | 'help' | 'logout';
export type MobileMenuEntryId =
  'videos' | 'spools' | 'switchWorkspace' | 'settings' | 'statistics' | 'logout';

export interface NavigationInput {
  workspace: { printers_count: number; settings: { print_queue_enabled: boolean } };
  permissions: readonly Permission[];
  workspaceCount: number;
  hasNews: boolean;
  unreadNews: number;
}

export interface Navigation {
  desktopLinks: NavLinkId[];
  news: { isVisible: boolean; hasUnread: boolean };
  /** right side of the desktop header */
  headerActions: HeaderActionId[];
  userMenu: UserMenuEntryId[];
  /** the mobile top bar carries only the Print button */
  mobileTopBarActions: HeaderActionId[];
  mobileBottomBar: NavLinkId[];
  mobileMenu: MobileMenuEntryId[];
}

/** The shell's visibility rules, before checking which screens exist yet. */
export function getNavigationItems(input: NavigationInput): Navigation {
  const { workspace, permissions } = input;
  const canOperate = permissions.includes('OPERATE_PRINTERS');
  const canUpload = permissions.includes('UPLOAD_FILE');
  const hasPrinters = workspace.printers_count > 0;
  const isQueueEnabled = workspace.settings.print_queue_enabled;
  const hasManyWorkspaces = input.workspaceCount > 1;
  // Without printers neither bar links to Printers or the queue: both pages would be empty.
  const isQueueShown = isQueueEnabled && hasPrinters && canOperate;

  const headerActions: HeaderActionId[] = [
    ...(canOperate ? (['print'] as const) : []),
    ...(canUpload ? (['upload'] as const) : []),
  ];

  return {
    desktopLinks: [
      'dashboard',
      ...(hasPrinters ? (['printers'] as const) : []),
      'gcodes',
      'videos',
      ...(isQueueShown ? (['printQueue'] as const) : []),
      // the filament inventory (issue 26): every member reads it
      'spools',
    ],
    news: { isVisible: input.hasNews, hasUnread: input.hasNews && input.unreadNews > 0 },
    headerActions,
    userMenu: [
      ...(hasManyWorkspaces ? (['switchWorkspace'] as const) : []),
      'settings',
      'statistics',
      'forum',
      'help',
      'logout',
    ],
    mobileTopBarActions: headerActions.filter((action) => action === 'print'),
    // The queue takes the fourth place of Videos; Videos then moves to the menu.
    mobileBottomBar: [
      'dashboard',
      ...(hasPrinters ? (['printers'] as const) : []),
      'gcodes',
      isQueueShown ? 'printQueue' : 'videos',
    ],
    mobileMenu: [
      ...(isQueueShown ? (['videos'] as const) : []),
      'spools',
      ...(hasManyWorkspaces ? (['switchWorkspace'] as const) : []),
      'settings',
      'statistics',
      'logout',
    ],
  };
}

export interface AvailableFeatures {
  isScreenAvailable: (
    id: NavLinkId | 'news' | 'settings' | 'selectGroup' | 'workspaceStats',
  ) => boolean;
  isActionAvailable: (id: HeaderActionId) => boolean;
}

/** Drops what links to a screen, or opens a dialog, that the app does not have yet. */
export function keepAvailable(navigation: Navigation, features: AvailableFeatures): Navigation {
  const { isScreenAvailable, isActionAvailable } = features;
  const isEntryAvailable = (entry: UserMenuEntryId | MobileMenuEntryId): boolean => {
    if (entry === 'switchWorkspace') return isScreenAvailable('selectGroup');
    if (entry === 'statistics') return isScreenAvailable('workspaceStats');
    if (entry === 'videos' || entry === 'settings' || entry === 'spools') {
      return isScreenAvailable(entry);
    }
    return true;
  };
  return {
    desktopLinks: navigation.desktopLinks.filter(isScreenAvailable),
    news: {
      isVisible: navigation.news.isVisible && isScreenAvailable('news'),
      hasUnread: navigation.news.hasUnread && isScreenAvailable('news'),
    },
    headerActions: navigation.headerActions.filter(isActionAvailable),
    userMenu: navigation.userMenu.filter(isEntryAvailable),
    mobileTopBarActions: navigation.mobileTopBarActions.filter(isActionAvailable),
    mobileBottomBar: navigation.mobileBottomBar.filter(isScreenAvailable),
    mobileMenu: navigation.mobileMenu.filter(isEntryAvailable),
  };
}
