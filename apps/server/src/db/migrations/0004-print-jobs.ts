import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // File and printer may be deleted later; the job keeps their names for history and stats.
  await addIdColumn(db.schema.createTable('print_jobs'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('printer_id', 'integer', (c) => c.references('printers.id').onDelete('set null'))
    .addColumn('printer_name', 'text', (c) => c.notNull())
    .addColumn('device_key_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('started_on', 'text', (c) => c.notNull())
    .addColumn('ended_on', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('make_video', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_state', 'text')
    .addColumn('filament_used_g', 'real')
    .addColumn('filament_used_mm', 'real')
    .addColumn('printing_time_sec', 'real')
    .execute();
  await db.schema
    .createIndex('print_jobs_workspace_idx')
    .on('print_jobs')
    .columns(['workspace_id', 'started_on'])
    .execute();
  await db.schema.createIndex('print_jobs_file_idx').on('print_jobs').column('file_id').execute();
  await db.schema
    .createIndex('print_jobs_printer_idx')
    .on('print_jobs')
    .column('printer_id')
    .execute();
  await db.schema
    .createIndex('print_jobs_device_idx')
    .on('print_jobs')
    .columns(['device_key_id', 'outcome'])
    .execute();
}
