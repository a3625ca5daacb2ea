import type { TokenPair } from '@printdeck/shared';
import type { KeyValueStorage } from '../lib/storage';

export const REFRESH_TOKEN_KEY = 'printdeck.refresh';

/** The refresh token survives reloads in storage; the access token lives only in memory. */
export interface TokenStore {
  getAccess(): string | null;
  getRefresh(): string | null;
  save(pair: TokenPair): void;
  clear(): void;
}

export function createTokenStore(storage: KeyValueStorage): TokenStore {
  let access: string | null = null;
  return {
    getAccess: () => access,
    getRefresh: () => storage.getItem(REFRESH_TOKEN_KEY),
    save(pair) {
      access = pair.access;
      storage.setItem(REFRESH_TOKEN_KEY, pair.refresh);
    },
    clear() {
      access = null;
      storage.removeItem(REFRESH_TOKEN_KEY);
    },
  };
}
