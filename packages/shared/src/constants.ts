/** Business constants and limits from spec part 1 §9 and part 2 §9. */
export const RELEASE_VERSION = '1.1.0';
export const RELEASE_ENVIRONMENT = 'production';

export const LOCALES = ['en', 'cs'] as const;
export type Locale = (typeof LOCALES)[number];
export const THEMES = ['auto', 'dark', 'light'] as const;

export const FILAMENT_TYPES = [
  'PLA',
  'PETG',
  'ASA',
  'ABS',
  'PC',
  'FLEX',
  'HIPS',
  'PP',
  'OTHER',
] as const;
export const FILAMENT_COLORS = ['GRAY', 'BLUE', 'RED', 'GREEN', 'PINK', 'ORANGE'] as const;

export const LIMITS = {
  workspaceNameMin: 1,
  workspaceNameMax: 30,
  workspaceDescriptionMax: 30000,
  websiteUrlMin: 10,
  websiteUrlMax: 150,
  gcodeNoteMax: 2048,
  printerNoteMax: 2048,
  searchTextMax: 100,
  defaultInputMax: 1000,
  printerGroupNameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 1024,
  uploadMaxBytes: 200 * 1024 * 1024,
  uploadMinBytes: 1001,
} as const;

export const TIMING = {
  printerStateStaleMs: 10_000,
  stateRefreshTickMs: 500,
  deviceStatePollMs: 2000,
  changingStateExpiryMs: 15_000,
  restartDialogCloseMs: 2000,
  backgroundTaskAutoCloseMs: 20_000,
  backgroundTaskCheckMs: 15_000,
  loadingSpinnerDelayMs: 300,
  buttonBusyMs: 1000,
  reloadAfterLastResponseMs: 60 * 60 * 1000,
  reloadAfterLoadMs: 12 * 60 * 60 * 1000,
  versionCheckMs: 5 * 60 * 1000,
} as const;

/** Lifetimes of credentials. */
export const TOKEN_TTL = {
  accessSeconds: 15 * 60,
  refreshSessionSeconds: 30 * 24 * 60 * 60,
  registrationSeconds: 48 * 60 * 60,
  passwordResetSeconds: 60 * 60,
} as const;
