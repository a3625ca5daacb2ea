import type { Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 26, colour in the queue: an item may require a spool material and a colour (`#rrggbb`)
 * of the spool loaded on the printer that takes it; null is "any".
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('print_queue_items').addColumn('required_material', 'text').execute();
  await db.schema.alterTable('print_queue_items').addColumn('required_color_hex', 'text').execute();
}
