import {
  IconFileCode,
  IconLayoutDashboard,
  IconListNumbers,
  IconPrinter,
  IconDisc,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import { getScreenPath } from '../../config/screens';
import type { NavLinkId } from './navigation';

const NAV_ICONS: Record<NavLinkId, Icon> = {
  dashboard: IconLayoutDashboard,
  printers: IconPrinter,
  gcodes: IconFileCode,
  videos: IconVideo,
  printQueue: IconListNumbers,
  spools: IconDisc,
};

export interface NavLinkItem {
  id: NavLinkId;
  path: string;
  icon: Icon;
}

/** Path and icon of each link, for the screens that exist. */
export function getNavLinks(ids: readonly NavLinkId[]): NavLinkItem[] {
  return ids.flatMap((id) => {
    const path = getScreenPath(id);
    return path ? [{ id, path, icon: NAV_ICONS[id] }] : [];
  });
}
