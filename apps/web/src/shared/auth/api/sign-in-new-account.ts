import { tokenStore } from '../../../session/session';
import { createToken } from './create-token';

/**
 * Signs in an account just made with this password (registration, an accepted invitation), so
 * the newcomer never types it again. False when that did not work: they sign in themselves.
 */
export async function signInNewAccount(email: string, password: string): Promise<boolean> {
  try {
    tokenStore.save(await createToken({ username: email, password }));
    return true;
  } catch {
    return false;
  }
}
