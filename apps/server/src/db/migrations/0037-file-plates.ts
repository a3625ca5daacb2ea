import type { Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 25: the library keeps `.gcode.3mf` files (format `gcode.3mf`, a text column already);
 * each keeps the plate numbers it holds sliced, a JSON array, so the print dialog can offer
 * them and a start can be checked against them.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('files').addColumn('plates', 'text').execute();
}
