import type { Workspace } from '@printdeck/shared';
import { PERMISSIONS } from '@printdeck/shared';
import { describe, expect, it } from 'vitest';
import { getShellNavigation } from './shell-navigation';

const workspace: Workspace = {
  id: 1,
  uniqueId: 'u1',
  name: 'Makerspace',
  public_description: '',
  public_website_url: null,
  is_public: false,
  avatar: null,
  created_on: '2025-01-01T00:00:00Z',
  users_count: 3,
  printers_count: 4,
  gcodes_count: 2,
  videos_count: 0,
  settings: {
    print_queue_enabled: true,
    queue_dispatch_enabled: false,
    stagger_max_heating: null,
    stagger_interval_s: null,
    energy_price_kwh: null,
    machine_hour_rate: null,
    currency: null,
  },
  me: { role: 'admin', permissions: [...PERMISSIONS] },
};

describe('getShellNavigation', () => {
  it('links only to the screens this build has, even for an admin of a busy workspace', () => {
    const navigation = getShellNavigation(workspace, 2);
    expect(navigation.desktopLinks).toEqual([
      'dashboard',
      'printers',
      'gcodes',
      'videos',
      'printQueue',
      'spools',
    ]);
    expect(navigation.mobileBottomBar).toEqual(['dashboard', 'printers', 'gcodes', 'printQueue']);
    expect(navigation.headerActions).toEqual(['print', 'upload']);
    expect(navigation.news.isVisible).toBe(false);
    expect(navigation.userMenu).toEqual([
      'switchWorkspace',
      'settings',
      'statistics',
      'forum',
      'help',
      'logout',
    ]);
    expect(navigation.mobileMenu).toEqual([
      'videos',
      'spools',
      'switchWorkspace',
      'settings',
      'statistics',
      'logout',
    ]);
  });
});
