import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStorage,
  type TestStorage,
  openTestDatabase,
} from '../../test-support/test-database.js';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrator.js';

/**
 * The table types under tables/ are written by hand beside the migrations; this keeps them one
 * truth: an empty database migrated to the latest version (SQLite, or PostgreSQL with
 * DATABASE_URL) has exactly the tables and columns `Database` in schema.ts declares.
 */

const SCHEMA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');
/** Kysely's own bookkeeping, not the product's */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];
/** SQLite's full-text index of file names and its shadow tables (0023): an index, not data */
const SEARCH_INDEX_TABLES = /^files_search(_(data|idx|docsize|config|content))?$/;

/** Table name → sorted column names, as the `Database` interface declares them. */
function readDeclaredTables(): Record<string, string[]> {
  // only the names of properties are read: without the standard library and @types (never
  // checked here) the program is 406 files instead of 637, about half the CPU (2 s instead of 4–6 s)
  const program = ts.createProgram([SCHEMA_FILE], {
    noLib: true,
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  )!;
  const tables: Record<string, string[]> = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns = checker.getTypeOfSymbolAtLocation(table, database).getProperties();
    tables[table.name] = columns.map((column) => column.name).sort();
  }
  return tables;
}

let storage: TestStorage;
let handle: DatabaseHandle;

beforeAll(async () => {
  storage = await createTestStorage();
  handle = openTestDatabase(storage);
  await migrateToLatest(handle.db, handle.dialect);
});
afterAll(async () => {
  await handle?.close();
  await storage?.cleanup();
});

describe('table types', () => {
  it('name every table and column the migrations create, and nothing else', async () => {
    const declared = readDeclaredTables();
    expect(Object.keys(declared).length).toBeGreaterThan(20);
    const migrated: Record<string, string[]> = {};
    for (const table of await handle.db.introspection.getTables()) {
      if (MIGRATOR_TABLES.includes(table.name) || SEARCH_INDEX_TABLES.test(table.name)) continue;
      if (storage.pgSchema && table.schema !== storage.pgSchema) continue;
      migrated[table.name] = table.columns.map((column) => column.name).sort();
    }
    expect(declared).toEqual(migrated);
  });
});
