import { browserStorage } from '../lib/storage';
import { clearSelectedWorkspaceId } from './selected-workspace';
import { createTokenStore } from './token-store';

export const tokenStore = createTokenStore(browserStorage);

/** Signed in means the browser holds a session (its refresh cookie); access is fetched on demand. */
export function isSignedIn(): boolean {
  return tokenStore.hasSession();
}

export function clearSession(): void {
  tokenStore.clear();
  clearSelectedWorkspaceId();
}
