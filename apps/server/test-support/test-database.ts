import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';

export interface TestStorage {
  dataDir: string;
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  cleanup(): Promise<void>;
}

/** Where the integration projects' global set-up left the migrated template (an env variable). */
export const TEMPLATE_ENV = 'PRINTDECK_TEST_DATABASE_TEMPLATE';

/** A database migrated once per run (database-template.global-setup.ts). */
export interface DatabaseTemplate {
  /** the migrated SQLite file */
  sqliteFile: string;
  /** SQL that builds the migrated schema, named `pgTemplateSchema` in it */
  pgScriptFile?: string;
  pgTemplateSchema?: string;
}

/** The SQLite file's name in a data directory (database.ts). */
const SQLITE_FILE = 'printdeck.sqlite';

/**
 * A fresh data directory, and with DATABASE_URL a fresh PostgreSQL schema, per test file:
 * files run in parallel without seeing each other's rows. Empty, so the first start migrates
 * it; `migrated: true` gives a copy of the run's migrated template instead when the global
 * set-up made one (the server's start then finds nothing to apply).
 */
export async function createTestStorage(
  options: { migrated?: boolean } = {},
): Promise<TestStorage> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const template = options.migrated ? readTemplate() : undefined;
  let pgSchema: string | undefined;
  if (databaseUrl) {
    pgSchema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await runOnPostgres(databaseUrl, schemaScript(pgSchema, template));
  } else if (template) {
    copyFileSync(template.sqliteFile, path.join(dataDir, SQLITE_FILE));
  }
  return {
    dataDir,
    databaseUrl,
    pgSchema,
    async cleanup() {
      if (databaseUrl && pgSchema)
        await runOnPostgres(databaseUrl, `drop schema ${pgSchema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let pgScript: string | undefined;

/** The statements that make the schema: the template's dump renamed, or an empty schema. */
function schemaScript(schema: string, template: DatabaseTemplate | undefined): string {
  if (!template?.pgScriptFile || !template.pgTemplateSchema) return `create schema ${schema}`;
  pgScript ??= readFileSync(template.pgScriptFile, 'utf8');
  // the template's name is unique (pid and random letters), so it names nothing else
  return pgScript.replaceAll(template.pgTemplateSchema, schema);
}

/** A connection (pool) to a test storage's database: one more makes another process's view. */
export function openTestDatabase(storage: TestStorage): DatabaseHandle {
  return openDatabase({
    databaseUrl: storage.databaseUrl,
    dataDir: storage.dataDir,
    ...(storage.pgSchema ? { pgSchema: storage.pgSchema } : {}),
  });
}

function readTemplate(): DatabaseTemplate | undefined {
  const value = process.env[TEMPLATE_ENV];
  return value ? (JSON.parse(value) as DatabaseTemplate) : undefined;
}

/** Runs one statement on PostgreSQL over a connection of its own. */
export async function runOnPostgres(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
