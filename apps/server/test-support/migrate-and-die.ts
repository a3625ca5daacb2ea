/**
 * For `migrator.int.test.ts`: migrates a fresh database and is killed (SIGKILL, as `kill -9`)
 * right after the second migration's statements ran, before its bookkeeping.
 * Arguments: dataDir, then DATABASE_URL and schema for PostgreSQL.
 */
import { openDatabase } from '../src/db/database.js';
import { MIGRATIONS } from '../src/db/migrations/index.js';
import { migrateToLatest } from '../src/db/migrator.js';

const [dataDir, databaseUrl, pgSchema] = process.argv.slice(2);
const database = openDatabase({
  dataDir: dataDir!,
  databaseUrl: databaseUrl || undefined,
  ...(pgSchema ? { pgSchema } : {}),
});
const [first, second] = Object.keys(MIGRATIONS);
const dying = {
  ...MIGRATIONS,
  [second!]: {
    async up(...args: Parameters<(typeof MIGRATIONS)[string]['up']>) {
      await MIGRATIONS[second!]!.up(...args);
      process.kill(process.pid, 'SIGKILL');
    },
  },
};
console.log(`migrating ${first} and ${second}, dying inside ${second}`);
await migrateToLatest(database.db, database.dialect, dying);
