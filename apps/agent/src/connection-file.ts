import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The agent's link to the server, written to `<state dir>/connection` as one line ("connected
 * <time>" or "disconnected <time>"): install.sh reads it to tell whether the service it started
 * really reached the server, with or without systemd. Written whole (rename), never half.
 */
export function createConnectionFile(stateDir: string, now: () => Date = () => new Date()) {
  const file = path.join(stateDir, 'connection');
  return (isOnline: boolean): void => {
    try {
      writeFileSync(
        `${file}.new`,
        `${isOnline ? 'connected' : 'disconnected'} ${now().toISOString()}\n`,
      );
      renameSync(`${file}.new`, file);
    } catch {
      // a state folder that cannot be written already failed louder at start (identity)
    }
  };
}
