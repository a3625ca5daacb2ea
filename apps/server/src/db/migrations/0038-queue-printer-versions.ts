import type { Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 31: a workspace's queue printers (which are enabled, their filament, whose plate is
 * clear) have a version, moved in the same transaction as every write that changes them, so
 * each server instance keeps the queue's wait reasons until the version moves, instead of
 * reading every printer and plate on every queue-list request. No row reads as version 0.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('queue_printer_versions')
    .addColumn('workspace_id', 'integer', (c) =>
      c.primaryKey().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}
