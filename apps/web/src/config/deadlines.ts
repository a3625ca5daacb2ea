import { WEB_DEADLINES, type WebDeadlines } from '@printdeck/shared';

let current: WebDeadlines = WEB_DEADLINES;

/**
 * The deadlines in force, read when each wait starts: a person's (WEB_DEADLINES), or a test
 * server's shorter ones once its public config has told them (applyServerDeadlines).
 */
export function getDeadlines(): WebDeadlines {
  return current;
}

/** From the server's public config, read once at start; null keeps a person's deadlines. */
export function applyServerDeadlines(deadlines: WebDeadlines | null): void {
  current = deadlines ?? WEB_DEADLINES;
}
