import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { TEMPLATE_ENV, type DatabaseTemplate } from './test-database.js';

/**
 * Vitest global set-up of the integration projects: migrates one database per run, so each
 * test file's database is a copy of it instead of a migration of its own (about half a second
 * per server start on SQLite, one to three on PostgreSQL, more than 200 starts per run). SQLite:
 * the migrated file, copied. PostgreSQL: a migrated schema dumped once (`pg_dump`, DDL and the
 * migrator's rows) into a script that builds a schema of another name in one round trip.
 *
 * The migrator itself stays tested on real migrations: `createTestStorage()` without
 * `migrated` is empty (migrator, table types, the migrations' own tests), as is every start
 * when this set-up did not run (benchmarks, the cluster project).
 */
export default async function setup(): Promise<() => void> {
  // for measuring what the template saves: every file migrates its own database again
  if (process.env.PRINTDECK_TEST_NO_TEMPLATE) return () => undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-template-'));
  const template: DatabaseTemplate = { sqliteFile: path.join(dir, 'template.sqlite') };

  const sqlite = openDatabase({
    databaseUrl: undefined,
    dataDir: dir,
    sqliteFile: template.sqliteFile,
  });
  try {
    await migrateToLatest(sqlite.db, sqlite.dialect);
  } finally {
    // the last connection's close folds the write-ahead log back into the file
    await sqlite.close();
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl) {
    const pgTemplate = await dumpMigratedSchema(databaseUrl, dir);
    if (pgTemplate) Object.assign(template, pgTemplate);
  }

  process.env[TEMPLATE_ENV] = JSON.stringify(template);
  return () => {
    delete process.env[TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Migrates a schema of its own, dumps it and drops it. Without a `pg_dump` of the server's
 * version the files migrate their own schemas, as before (slower, not wrong).
 */
async function dumpMigratedSchema(
  databaseUrl: string,
  dir: string,
): Promise<Pick<DatabaseTemplate, 'pgScriptFile' | 'pgTemplateSchema'> | undefined> {
  const schema = `printdeck_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    const database = openDatabase({ databaseUrl, dataDir: dir, pgSchema: schema });
    try {
      await migrateToLatest(database.db, database.dialect);
    } finally {
      await database.close();
    }
    let dump: string;
    try {
      dump = execFileSync(
        'pg_dump',
        [
          `--dbname=${databaseUrl}`,
          `--schema=${schema}`,
          '--inserts',
          '--no-owner',
          '--no-privileges',
        ],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      console.warn(`no PostgreSQL template (each file migrates its own schema): ${String(error)}`);
      return undefined;
    }
    // psql's meta-commands (`\restrict` of recent pg_dump versions) are not SQL
    const script = dump
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    const pgScriptFile = path.join(dir, 'template.pg.sql');
    writeFileSync(pgScriptFile, script);
    return { pgScriptFile, pgTemplateSchema: schema };
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}
