import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import type { Database } from './schema.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import type { DialectName } from './migrations/migration-helpers.js';
import { optionalPackage } from '../optional-package.js';

const loadPg = optionalPackage<typeof pg>('pg');

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  sqliteFile?: string;
  /** how long a new PostgreSQL connection may take (DATABASE_TIMEOUT_SECONDS) */
  connectTimeoutMs?: number;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const db = options.databaseUrl ? openPostgres(options) : openSqlite(options);
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  return { db, dialect, close: () => db.destroy() };
}

function openSqlite(options: DatabaseOptions): Db {
  mkdirSync(options.dataDir, { recursive: true });
  const file = options.sqliteFile ?? path.join(options.dataDir, 'printdeck.sqlite');
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new TransactionalSqliteDialect({ database: withStatementCache(sqlite) }),
  });
}

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it cannot, so its migrator ran
 * each migration and its bookkeeping unprotected: a `kill -9` in the middle left tables that
 * the next start tried to create again, for ever (issue 23). Saying so makes the migrator run
 * the pending migrations and their records in one transaction, as it does on PostgreSQL.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalSqliteAdapter();
  }
}

function openPostgres(options: DatabaseOptions): Db {
  const pool = new (loadPg().Pool)({
    connectionString: options.databaseUrl,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    // A schema of its own (tests, benchmarks). No parallel query there: with schemas made and
    // dropped all the time the catalogs bloat until Kysely's introspection runs on parallel
    // workers, which failed once with `schema "test_…" does not exist` (where: parallel worker).
    ...(options.pgSchema
      ? { options: `-c search_path=${options.pgSchema} -c max_parallel_workers_per_gather=0` }
      : {}),
  });
  // An idle client that loses its server must not crash the process (checklist C44).
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
}
