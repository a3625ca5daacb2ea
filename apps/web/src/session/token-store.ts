import type { TokenPair } from '@printdeck/shared';
import type { KeyValueStorage } from '../lib/storage';

/** Signed in, as a flag: the refresh token itself is an HttpOnly cookie no script can read. */
export const SESSION_MARKER_KEY = 'printdeck.session';
/** Where the refresh token lived before the cookie; sent once to move into the cookie. */
export const LEGACY_REFRESH_KEY = 'printdeck.refresh';

/**
 * The access token lives only in memory. The refresh token is the server's HttpOnly cookie
 * (checklist C12); storage keeps only the fact that this browser has a session.
 */
export interface TokenStore {
  getAccess(): string | null;
  hasSession(): boolean;
  /** a refresh token stored by an older version of the app, until the cookie holds it */
  getLegacyRefresh(): string | null;
  save(pair: TokenPair): void;
  clear(): void;
}

export function createTokenStore(storage: KeyValueStorage): TokenStore {
  let access: string | null = null;
  return {
    getAccess: () => access,
    hasSession: () =>
      storage.getItem(SESSION_MARKER_KEY) !== null || storage.getItem(LEGACY_REFRESH_KEY) !== null,
    getLegacyRefresh: () => storage.getItem(LEGACY_REFRESH_KEY),
    save(pair) {
      access = pair.access;
      storage.setItem(SESSION_MARKER_KEY, '1');
      storage.removeItem(LEGACY_REFRESH_KEY);
    },
    clear() {
      access = null;
      storage.removeItem(SESSION_MARKER_KEY);
      storage.removeItem(LEGACY_REFRESH_KEY);
    },
  };
}
