import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Spec part 2 §3 "Print queue item" and §4.1. `starting_on` is the claim of a start in
  // progress (at most one at a time); `is_held` keeps automation away after a failed automatic
  // start until a person prints or edits the item. A deleted file takes its items with it.
  await addIdColumn(db.schema.createTable('print_queue_items'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('printer_id', 'integer', (c) => c.references('printers.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('jobox_autostart', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('make_video', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('print_job_id', 'integer', (c) => c.references('print_jobs.id').onDelete('set null'))
    .addColumn('added_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('added_by_username', 'text', (c) => c.notNull())
    .addColumn('added_on', 'text', (c) => c.notNull())
    .addColumn('printed_on', 'text')
    .addColumn('done_on', 'text')
    .addColumn('started_by', 'text')
    .addColumn('starting_on', 'text')
    .addColumn('is_held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_error', 'text')
    .addColumn('start_error_on', 'text')
    .execute();
  await db.schema
    .createIndex('print_queue_items_workspace_idx')
    .on('print_queue_items')
    .columns(['workspace_id', 'state', 'position'])
    .execute();
  await db.schema
    .createIndex('print_queue_items_printer_idx')
    .on('print_queue_items')
    .columns(['printer_id', 'state'])
    .execute();
  await db.schema
    .createIndex('print_queue_items_file_idx')
    .on('print_queue_items')
    .columns(['file_id', 'state'])
    .execute();
  await db.schema
    .createIndex('print_queue_items_job_idx')
    .on('print_queue_items')
    .column('print_job_id')
    .execute();

  // Whether a printer's plate is known to be clear: the one resource an automatic start
  // consumes, claimed in the same transaction as the item (clear -> in_use).
  await db.schema
    .createTable('printer_plates')
    .addColumn('printer_id', 'integer', (c) =>
      c.primaryKey().references('printers.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .execute();

  // Dispatch of items without a printer to the next free compatible printer (off by default).
  await db.schema
    .alterTable('workspaces')
    .addColumn('queue_dispatch_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
