import type { Kysely } from 'kysely';

/**
 * Issue 25: a `.gcode.3mf` keeps what its `slice_info.config` says of the first plate — the
 * printer model it was sliced for and each filament's type, colour, grams and metres — as a
 * JSON text, so the file detail can show "Sliced for Bambu Lab P1S · PLA 12.3 m / 36 g".
 * Files uploaded before keep null (their bytes are not read again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('slice_info', 'text').execute();
}
