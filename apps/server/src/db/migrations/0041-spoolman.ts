import type { Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 26, Spoolman: a workspace may take its spools from a Spoolman server instead of the
 * built-in inventory. The connection is one row per workspace (token sealed). Spoolman's spools
 * are mirrored into `spools` (`spoolman_id`), so loading, the filament check, dispatch and
 * consumption work on them unchanged. What an ended job took from a mirrored spool is written
 * back to Spoolman by a background job; `spoolman_sent_on` on the usage row records that it
 * was, so a replayed job never writes it twice.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('spoolman_connections')
    .addColumn('workspace_id', 'integer', (c) =>
      c.primaryKey().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('token_sealed', 'text')
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('connected_on', 'text', (c) => c.notNull())
    .addColumn('synced_on', 'text')
    .addColumn('sync_error', 'text')
    .execute();

  await db.schema.alterTable('spools').addColumn('spoolman_id', 'integer').execute();
  await db.schema
    .createIndex('spools_spoolman_idx')
    .on('spools')
    .columns(['workspace_id', 'spoolman_id'])
    .unique()
    .execute();

  await db.schema
    .alterTable('print_job_spool_usage')
    .addColumn('spoolman_spool_id', 'integer')
    .execute();
  await db.schema
    .alterTable('print_job_spool_usage')
    .addColumn('spoolman_sent_on', 'text')
    .execute();
}
