import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestStorage {
  dataDir: string;
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  cleanup(): Promise<void>;
}

/**
 * A fresh data directory, and with DATABASE_URL a fresh PostgreSQL schema, per test file:
 * files run in parallel without seeing each other's rows.
 */
export async function createTestStorage(): Promise<TestStorage> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  let pgSchema: string | undefined;
  if (databaseUrl) {
    pgSchema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await runOnPostgres(databaseUrl, `create schema ${pgSchema}`);
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

async function runOnPostgres(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
