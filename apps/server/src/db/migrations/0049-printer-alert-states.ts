import type { Kysely } from 'kysely';

/**
 * Issue 28: what `printer.offline` and `printer.error` last told, per device, in the database
 * instead of the memory of the instance holding the device: a device that comes back on another
 * instance in a new error is told once, an old error after a restart or a move is not, and the
 * instance that records a change first (a conditional update) is the one that tells it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('printer_alert_states')
    .addColumn('device_key_id', 'integer', (c) =>
      c.primaryKey().references('device_keys.id').onDelete('cascade'),
    )
    .addColumn('is_offline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_in_error', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
