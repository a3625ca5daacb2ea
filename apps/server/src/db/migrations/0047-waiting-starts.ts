import { sql, type Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/**
 * Issue 26, staggered start for manual and bulk starts: a start the workspace's stagger rule
 * does not allow now is written here (`waiting`) and started by the background-jobs runner when
 * it is allowed (`starting`, then `started` or `failed`); a person may cancel it while it waits.
 * A start allowed at once is written `starting` too, so that concurrent requests count it as
 * heating. At most one open (waiting or starting) start per printer.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('waiting_starts'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('printer_id', 'integer', (c) =>
      c.notNull().references('printers.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('make_video', 'integer', (c) => c.notNull())
    .addColumn('plate', 'integer')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('requested_on', 'text', (c) => c.notNull())
    .addColumn('handed_on', 'text')
    .addColumn('ended_on', 'text')
    .addColumn('print_job_id', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('waiting_starts_workspace_state_idx')
    .on('waiting_starts')
    .columns(['workspace_id', 'state', 'id'])
    .execute();
  await db.schema
    .createIndex('waiting_starts_printer_open_idx')
    .on('waiting_starts')
    .column('printer_id')
    .unique()
    .where(sql<boolean>`state in ('waiting', 'starting')`)
    .execute();
}
