import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStorage,
  type TestStorage,
  openTestDatabase,
} from '../../test-support/test-database.js';
import { MIGRATIONS } from './migrations/index.js';
import { migrateToLatest } from './migrator.js';

let storage: TestStorage;
beforeAll(async () => {
  storage = await createTestStorage();
});
afterAll(() => storage.cleanup());

const FIXTURE = path.join(import.meta.dirname, '../../test-support/migrate-and-die.ts');

describe('migrations', () => {
  it('a kill -9 inside a migration leaves a database that the next start migrates', async () => {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        FIXTURE,
        storage.dataDir,
        storage.databaseUrl ?? '',
        storage.pgSchema ?? '',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.signal).toBe('SIGKILL');
    expect(child.stdout).toContain('dying inside');

    const database = openTestDatabase(storage);
    try {
      const applied = await migrateToLatest(database.db, database.dialect);
      // nothing of the killed run stayed: every migration ran again, the first one too
      expect([...applied].sort()).toEqual(Object.keys(MIGRATIONS).sort());
      expect(await migrateToLatest(database.db, database.dialect)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'finds its own tables while other schemas are made and dropped beside it',
    async () => {
      const database = openTestDatabase(storage);
      const neighbour = new pg.Client({ connectionString: storage.databaseUrl });
      await neighbour.connect();
      const errors: string[] = [];
      let churning = true;
      try {
        await migrateToLatest(database.db, database.dialect);
        // another test file's schema coming and going, as in a parallel CI run
        const churn = (async () => {
          for (let round = 0; round < 150; round++) {
            const schema = `${storage.pgSchema}_n${round}`;
            await neighbour.query(
              `create schema ${schema}; create table ${schema}.t (id serial primary key, a text)`,
            );
            await neighbour.query(`drop schema ${schema} cascade`);
          }
        })().finally(() => (churning = false));
        while (churning) {
          await migrateToLatest(database.db, database.dialect).catch((error: Error) =>
            errors.push(error.message),
          );
        }
        await churn;
        expect(errors).toEqual([]);
      } finally {
        await neighbour.end();
        await database.close();
      }
    },
  );
});
