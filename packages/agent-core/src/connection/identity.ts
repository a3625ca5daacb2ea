import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The agent's identity: 256 random bits, base64url, as the server's pattern expects. */
const IDENTITY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const IDENTITY_FILE = 'identity';

export function createIdentity(): string {
  return randomBytes(32).toString('base64url');
}

/** Where the agent keeps its state: $XDG_STATE_HOME/printdeck-agent or ~/.local/state/… */
export function defaultStateDir(env: Record<string, string | undefined>): string {
  const base = env.XDG_STATE_HOME || path.join(homedir(), '.local', 'state');
  return path.join(base, 'printdeck-agent');
}

/**
 * The agent's own identity (ARCHITECTURE §5: device keys pair once): made on the first start
 * and kept in the state directory, readable only by the agent's user. The server pairs the
 * device key with it at the first connection and refuses any other identity with that key, so
 * a copied key alone cannot take the printer over.
 */
export function loadOrCreateIdentity(stateDir: string): string {
  const file = path.join(stateDir, IDENTITY_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (IDENTITY_PATTERN.test(stored)) return stored;
    throw new Error(`${file} does not hold an agent identity; remove it to make a new one`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const identity = createIdentity();
  try {
    // 'wx': two agents starting at once cannot both write one
    writeFileSync(file, `${identity}\n`, { mode: 0o600, flag: 'wx' });
    return identity;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateIdentity(stateDir);
    throw error;
  }
}
