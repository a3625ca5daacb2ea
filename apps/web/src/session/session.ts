import { browserStorage } from '../lib/storage';
import { clearSelectedWorkspaceId } from './selected-workspace';
import { createTokenStore } from './token-store';

export const tokenStore = createTokenStore(browserStorage);

/** Signed in means a refresh token is kept; the access token is fetched on demand. */
export function isSignedIn(): boolean {
  return tokenStore.getRefresh() !== null;
}

export function clearSession(): void {
  tokenStore.clear();
  clearSelectedWorkspaceId();
}
