import { PERMISSIONS, getRolePermissions, type Permission } from '@printdeck/shared';
import { describe, expect, it } from 'vitest';
import {
  getNavigationItems,
  keepAvailable,
  type HeaderActionId,
  type NavigationInput,
} from './navigation';

function input(overrides: Partial<NavigationInput> = {}, workspace = {}): NavigationInput {
  return {
    workspace: { printers_count: 2, settings: { print_queue_enabled: true }, ...workspace },
    permissions: PERMISSIONS,
    workspaceCount: 1,
    hasNews: false,
    unreadNews: 0,
    ...overrides,
  };
}

const without = (permission: Permission) => PERMISSIONS.filter((p) => p !== permission);

describe('desktop links', () => {
  it('always has Dashboard, Gcodes, Videos and Filament', () => {
    const nav = getNavigationItems(input({ permissions: [] }, { printers_count: 0 }));
    expect(nav.desktopLinks).toEqual(['dashboard', 'gcodes', 'videos', 'spools']);
  });

  it('shows Printers only when the workspace has a printer', () => {
    expect(getNavigationItems(input()).desktopLinks).toContain('printers');
    expect(getNavigationItems(input({}, { printers_count: 0 })).desktopLinks).not.toContain(
      'printers',
    );
  });

  it('shows Print Queue with the setting on, printers and OPERATE_PRINTERS', () => {
    expect(getNavigationItems(input()).desktopLinks).toEqual([
      'dashboard',
      'printers',
      'gcodes',
      'videos',
      'printQueue',
      'spools',
    ]);
  });

  it.each([
    ['the setting is off', input({}, { settings: { print_queue_enabled: false } })],
    ['there are no printers', input({}, { printers_count: 0 })],
    ['OPERATE_PRINTERS is missing', input({ permissions: without('OPERATE_PRINTERS') })],
  ])('hides Print Queue when %s', (_, navigationInput) => {
    expect(getNavigationItems(navigationInput).desktopLinks).not.toContain('printQueue');
  });
});

describe('news icon', () => {
  it('is hidden without news', () => {
    expect(getNavigationItems(input({ unreadNews: 3 })).news).toEqual({
      isVisible: false,
      hasUnread: false,
    });
  });

  it('shows, without a dot, when all news are read', () => {
    expect(getNavigationItems(input({ hasNews: true })).news).toEqual({
      isVisible: true,
      hasUnread: false,
    });
  });

  it('carries the unread dot when the unread count is above 0', () => {
    expect(getNavigationItems(input({ hasNews: true, unreadNews: 1 })).news.hasUnread).toBe(true);
  });
});

describe('Print and Upload buttons', () => {
  it.each([
    ['admin', ['print', 'upload']],
    ['user', ['print', 'upload']],
    ['junior', ['print', 'upload']],
    ['observer', []],
  ] as const)('follow the permissions of the %s role', (role, expected) => {
    const nav = getNavigationItems(input({ permissions: getRolePermissions(role) }));
    expect(nav.headerActions).toEqual(expected);
  });

  it('Print needs OPERATE_PRINTERS and Upload needs UPLOAD_FILE', () => {
    expect(getNavigationItems(input({ permissions: ['OPERATE_PRINTERS'] })).headerActions).toEqual([
      'print',
    ]);
    expect(getNavigationItems(input({ permissions: ['UPLOAD_FILE'] })).headerActions).toEqual([
      'upload',
    ]);
  });

  it('puts only Print in the mobile top bar', () => {
    expect(getNavigationItems(input()).mobileTopBarActions).toEqual(['print']);
    expect(
      getNavigationItems(input({ permissions: without('OPERATE_PRINTERS') })).mobileTopBarActions,
    ).toEqual([]);
  });
});

describe('user menu', () => {
  it('offers switching workspace only with more than one workspace', () => {
    expect(getNavigationItems(input({ workspaceCount: 1 })).userMenu).toEqual([
      'settings',
      'statistics',
      'forum',
      'help',
      'logout',
    ]);
    expect(getNavigationItems(input({ workspaceCount: 2 })).userMenu).toEqual([
      'switchWorkspace',
      'settings',
      'statistics',
      'forum',
      'help',
      'logout',
    ]);
  });
});

describe('mobile bars', () => {
  it('puts Print Queue in the bottom bar and Videos in the menu when the queue shows', () => {
    const nav = getNavigationItems(input({}));
    expect(nav.mobileBottomBar).toEqual(['dashboard', 'printers', 'gcodes', 'printQueue']);
    expect(nav.mobileMenu).toEqual(['videos', 'spools', 'settings', 'statistics', 'logout']);
  });

  it('leaves Printers and Print Queue out of the bottom bar in a workspace without printers', () => {
    const nav = getNavigationItems(input({}, { printers_count: 0 }));
    expect(nav.mobileBottomBar).toEqual(['dashboard', 'gcodes', 'videos']);
    expect(nav.mobileMenu).not.toContain('videos');
  });

  it('keeps Videos in the bottom bar without the queue setting', () => {
    const nav = getNavigationItems(input({}, { settings: { print_queue_enabled: false } }));
    expect(nav.mobileBottomBar).toEqual(['dashboard', 'printers', 'gcodes', 'videos']);
    expect(nav.mobileMenu).toEqual(['spools', 'settings', 'statistics', 'logout']);
  });

  it('keeps Videos in the bottom bar without OPERATE_PRINTERS', () => {
    const nav = getNavigationItems(input({ permissions: without('OPERATE_PRINTERS') }));
    expect(nav.mobileBottomBar.at(-1)).toBe('videos');
    expect(nav.mobileMenu).not.toContain('videos');
  });

  it('offers switching workspace in the mobile menu only with more than one workspace', () => {
    expect(getNavigationItems(input({ workspaceCount: 3 })).mobileMenu).toContain(
      'switchWorkspace',
    );
    expect(getNavigationItems(input({ workspaceCount: 1 })).mobileMenu).not.toContain(
      'switchWorkspace',
    );
  });
});

describe('keepAvailable', () => {
  const full = getNavigationItems(input({ hasNews: true, unreadNews: 2, workspaceCount: 2 }));

  it('keeps only links to screens that exist and actions that are registered', () => {
    const existing = new Set<string>(['dashboard', 'settings', 'selectGroup']);
    const actions = new Set<HeaderActionId>();
    const nav = keepAvailable(full, {
      isScreenAvailable: (id) => existing.has(id),
      isActionAvailable: (id) => actions.has(id),
    });
    expect(nav).toEqual({
      desktopLinks: ['dashboard'],
      news: { isVisible: false, hasUnread: false },
      headerActions: [],
      userMenu: ['switchWorkspace', 'settings', 'forum', 'help', 'logout'],
      mobileTopBarActions: [],
      mobileBottomBar: ['dashboard'],
      mobileMenu: ['switchWorkspace', 'settings', 'logout'],
    });
  });

  it('keeps everything once every feature exists', () => {
    expect(
      keepAvailable(full, { isScreenAvailable: () => true, isActionAvailable: () => true }),
    ).toEqual(full);
  });

  it('drops the workspace switch while workspace selection does not exist', () => {
    const nav = keepAvailable(full, {
      isScreenAvailable: (id) => id !== 'selectGroup',
      isActionAvailable: () => true,
    });
    expect(nav.userMenu).not.toContain('switchWorkspace');
    expect(nav.mobileMenu).not.toContain('switchWorkspace');
  });
});
