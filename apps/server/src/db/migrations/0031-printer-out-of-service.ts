import type { Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 26, maintenance: a printer taken out of service keeps its record and its history but
 * takes no print (dispatch, the dialog, the queue); the reason says why, and since when.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('printers').addColumn('out_of_service_reason', 'text').execute();
  await db.schema.alterTable('printers').addColumn('out_of_service_on', 'text').execute();
}
