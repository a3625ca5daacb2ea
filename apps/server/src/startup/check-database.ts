import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import { StartupError } from './startup-error.js';

/** Where the database is, without user or password: host:port/database. */
function describeTarget(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the address in DATABASE_URL';
  }
}

function explain(error: Error & { code?: string }, target: string, timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 100) / 10;
  const prefix = `DATABASE_URL: PostgreSQL at ${target}`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${prefix} refused the connection: check that PostgreSQL runs and listens there, or unset DATABASE_URL to use the embedded SQLite`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${prefix}: the host name does not resolve: fix the host in DATABASE_URL`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${prefix} cannot be reached (${error.code}): check the network and firewall, or the host in DATABASE_URL`;
    case '28P01':
    case '28000':
      return `${prefix} refused the user or password: fix them in DATABASE_URL`;
    case '3D000':
      return `${prefix}: the database does not exist: create it (createdb) or fix its name in DATABASE_URL`;
  }
  if (/timeout/i.test(error.message)) {
    return `${prefix} accepted the connection but did not answer within ${seconds} s: check that the address is PostgreSQL's and the server is not stuck (DATABASE_TIMEOUT_SECONDS sets the wait)`;
  }
  return `${prefix} failed: ${error.message.split('\n')[0]}`;
}

/**
 * The first query at start, with a time-out (issue 24): a database that refuses, or accepts and
 * never answers, stops the start with one line naming DATABASE_URL instead of a silent hang.
 */
export async function checkDatabase(
  database: DatabaseHandle,
  databaseUrl: string | undefined,
  timeoutMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(database.db), timeout]);
  } catch (error) {
    if (!databaseUrl) {
      throw new StartupError(
        `DATA_DIR: the SQLite database cannot be used (${(error as Error).message}): check the folder and its printdeck.sqlite file`,
      );
    }
    throw new StartupError(explain(error as Error, describeTarget(databaseUrl), timeoutMs));
  } finally {
    clearTimeout(timer);
  }
}
