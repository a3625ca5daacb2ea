import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Kysely } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';
import type { DialectName, MigrationModule } from './migrations/migration-helpers.js';

class InCodeMigrationProvider implements MigrationProvider {
  constructor(
    private readonly dialect: DialectName,
    private readonly migrations: Record<string, MigrationModule>,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(this.migrations).map(([name, migration]) => [
        name,
        { up: (db: Kysely<unknown>) => migration.up(db, this.dialect) },
      ]),
    );
  }
}

/**
 * Applies pending migrations, all with their bookkeeping in one transaction on both databases
 * (`database.ts` tells Kysely SQLite can), so a crash mid-way leaves the database as it was.
 * Kysely takes a lock table row, so several instances starting together migrate once.
 * `migrations`: tests replace one to crash inside it.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
  db: Kysely<any>,
  dialect: DialectName,
  migrations: Record<string, MigrationModule> = MIGRATIONS,
): Promise<string[]> {
  // Features land in parallel branches; a later-numbered migration may be applied first.
  const migrator = new Migrator({
    db,
    provider: new InCodeMigrationProvider(dialect, migrations),
    allowUnorderedMigrations: true,
    // Kysely looks for its bookkeeping tables in every schema unless told which one: name
    // ours, or a database holding other schemas with those tables would never be migrated.
    ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}
