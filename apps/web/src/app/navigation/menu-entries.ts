import {
  IconChartBar,
  IconDisc,
  IconLifebuoy,
  IconLogout,
  IconMessages,
  IconSettings,
  IconSwitchHorizontal,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { getScreenPath } from '../../config/screens';
import { EXTERNAL_LINKS } from './external-links';
import type { MobileMenuEntryId, UserMenuEntryId } from './navigation';

export interface MenuEntry {
  labelKey: ParseKeys;
  icon: Icon;
  /** a path inside the app, or an external address */
  href: string | undefined;
  isExternal: boolean;
}

function screenEntry(labelKey: ParseKeys, icon: Icon, href: string | undefined): MenuEntry {
  return { labelKey, icon, href, isExternal: false };
}

/** The entries of the user menu and the mobile menu. */
export const MENU_ENTRIES: Record<UserMenuEntryId | MobileMenuEntryId, MenuEntry> = {
  switchWorkspace: screenEntry(
    'userMenu.switchWorkspace',
    IconSwitchHorizontal,
    getScreenPath('selectGroup'),
  ),
  settings: screenEntry('userMenu.settings', IconSettings, getScreenPath('settings')),
  statistics: screenEntry('userMenu.statistics', IconChartBar, getScreenPath('workspaceStats')),
  videos: screenEntry('nav.videos', IconVideo, getScreenPath('videos')),
  spools: screenEntry('nav.spools', IconDisc, getScreenPath('spools')),
  logout: screenEntry('userMenu.logout', IconLogout, getScreenPath('logout')),
  forum: {
    labelKey: 'userMenu.forum',
    icon: IconMessages,
    href: EXTERNAL_LINKS.forum,
    isExternal: true,
  },
  help: {
    labelKey: 'userMenu.help',
    icon: IconLifebuoy,
    href: EXTERNAL_LINKS.help,
    isExternal: true,
  },
};
