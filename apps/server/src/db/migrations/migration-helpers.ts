import type { CreateTableBuilder, Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** The one difference our schema has between the dialects: an auto-increment key. */
export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export interface MigrationModule {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}
