import { generatePath } from 'react-router';

/** Every screen of the spec, whether it exists yet or not. */
export type ScreenId =
  | 'dashboard'
  | 'selectGroup'
  | 'printers'
  | 'printerDetail'
  | 'gcodes'
  | 'gcodeDetail'
  | 'videos'
  | 'videoDetail'
  | 'printQueue'
  | 'spools'
  | 'spoolDetail'
  | 'news'
  | 'newsDetail'
  | 'adminNews'
  | 'workspaceStats'
  | 'settings'
  | 'settingsAccount'
  | 'settingsAppearance'
  | 'settingsWorkspaces'
  | 'settingsWorkspaceAdd'
  | 'settingsWorkspaceEdit'
  | 'settingsWorkspaceInviteUsers'
  | 'invitationAccept'
  | 'publicProfile'
  | 'settingsPrinters'
  | 'settingsPrinterAdd'
  | 'settingsPrinterAddOctoprint'
  | 'settingsPrinterAddLan'
  | 'settingsPrinterEdit'
  | 'settingsNotifications'
  | 'settingsApiTokens'
  | 'settingsApiTokensAdd'
  | 'login'
  | 'registration'
  | 'registrationConfirm'
  | 'passwordReset'
  | 'passwordResetConfirm'
  | 'logout'
  | 'welcome';

/**
 * The one registry of screens that exist: the router mounts these paths and the shell links
 * only to them. A later feature adds its screen here together with its route.
 */
export const SCREEN_PATHS = {
  dashboard: '/',
  selectGroup: '/select-group',
  printers: '/printers',
  printerDetail: '/printers/:id',
  gcodes: '/gcodes',
  gcodeDetail: '/gcodes/:id',
  printQueue: '/print-queue',
  spools: '/spools',
  spoolDetail: '/spools/:id',
  videos: '/timelapse-videos',
  videoDetail: '/timelapse-videos/:id',
  settings: '/settings',
  settingsAccount: '/settings/account',
  settingsAppearance: '/settings/appearance',
  settingsPrinters: '/settings/printers',
  settingsPrinterAdd: '/settings/printers/:groupId/create',
  settingsPrinterAddOctoprint: '/settings/printers/:groupId/create-octoprint',
  settingsPrinterAddLan: '/settings/printers/:groupId/create-lan',
  settingsPrinterEdit: '/settings/printers/:groupId/:id',
  settingsApiTokens: '/settings/api-tokens',
  settingsApiTokensAdd: '/settings/api-tokens/create',
  settingsWorkspaces: '/settings/workspaces',
  settingsWorkspaceAdd: '/settings/workspaces/create',
  settingsWorkspaceEdit: '/settings/workspaces/:id',
  settingsWorkspaceInviteUsers: '/settings/workspaces/:id/invite-users',
  invitationAccept: '/invitations/accept',
  publicProfile: '/public/:uniqueId',
  settingsNotifications: '/settings/notifications',
  workspaceStats: '/workspace-stats',
  news: '/news',
  newsDetail: '/news/:id',
  adminNews: '/admin/news',
  login: '/login',
  registration: '/registration',
  registrationConfirm: '/registration/confirm',
  passwordReset: '/password-reset',
  passwordResetConfirm: '/password-reset/confirm',
  logout: '/logout',
  welcome: '/welcome',
} as const satisfies Partial<Record<ScreenId, string>>;

export type AvailableScreenId = keyof typeof SCREEN_PATHS;

export function isScreenAvailable(id: ScreenId): id is AvailableScreenId {
  return Object.hasOwn(SCREEN_PATHS, id);
}

/** The path of a screen with its parameters filled in, or undefined while it does not exist. */
export function getScreenPath(id: ScreenId, params: Record<string, string | number> = {}) {
  if (!isScreenAvailable(id)) return undefined;
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return generatePath(SCREEN_PATHS[id], values);
}

/** Pages listed on the Settings screen, in this order, once they exist. */
const SETTINGS_PAGES = [
  'settingsAccount',
  'settingsAppearance',
  'settingsWorkspaces',
  'settingsPrinters',
  'settingsNotifications',
  'settingsApiTokens',
  'workspaceStats',
] as const satisfies readonly ScreenId[];

export type SettingsPageId = Extract<AvailableScreenId, (typeof SETTINGS_PAGES)[number]>;

export function getSettingsPages(): SettingsPageId[] {
  return SETTINGS_PAGES.filter((id): id is SettingsPageId => isScreenAvailable(id));
}
