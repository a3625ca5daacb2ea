import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Statements kept; `IN (?, ?, …)` lists of every length are each their own text. */
const KEPT_STATEMENTS = 1000;

/**
 * The SQLite connection as Kysely's dialect sees it, with each SQL text prepared once: Kysely
 * prepares every query it runs, and parsing and planning the same text again was a large part of
 * a device connection's CPU time (issue 31, `bench:gateway`). A statement still being iterated
 * (a streamed query) is busy: the same text then gets a fresh, uncached statement.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): BetterSqlite3.Statement {
      const kept = statements.get(sql);
      if (kept) {
        if (kept.busy) return sqlite.prepare(sql);
        statements.delete(sql); // re-inserted last: the map's order is the order of use
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
