import { sql, type RawBuilder } from 'kysely';

/**
 * A roll-up upsert's `doUpdateSet`: each named column of `table` gains the value the refused
 * insert carried (`table.column + excluded.column`), the same on SQLite and PostgreSQL.
 */
export function addExcluded<C extends string>(
  table: string,
  columns: readonly C[],
): Record<C, RawBuilder<number>> {
  return Object.fromEntries(
    columns.map((column) => [
      column,
      sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
    ]),
  ) as Record<C, RawBuilder<number>>;
}
