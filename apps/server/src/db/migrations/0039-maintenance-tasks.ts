import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/**
 * Issue 26, maintenance tasks: per printer, an interval in print hours, prints and/or days,
 * counted from the jobs that ended on the printer since the task was last done. The counters
 * grow in the transaction that ends each job; `notified_for` holds the `last_done_on` of the
 * period whose "due" notification went out, so it is told once per period. Each "done" keeps a
 * history row with who and when.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('maintenance_tasks'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('printer_id', 'integer', (c) =>
      c.notNull().references('printers.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('interval_hours', 'double precision')
    .addColumn('interval_prints', 'integer')
    .addColumn('interval_days', 'integer')
    .addColumn('hours_since_done', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('prints_since_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_done_on', 'text', (c) => c.notNull())
    .addColumn('notified_for', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('maintenance_tasks_printer_idx')
    .on('maintenance_tasks')
    .column('printer_id')
    .execute();
  await db.schema
    .createIndex('maintenance_tasks_workspace_idx')
    .on('maintenance_tasks')
    .column('workspace_id')
    .execute();

  await addIdColumn(db.schema.createTable('maintenance_task_done'), dialect)
    .addColumn('task_id', 'integer', (c) =>
      c.notNull().references('maintenance_tasks.id').onDelete('cascade'),
    )
    .addColumn('done_on', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('hours', 'double precision', (c) => c.notNull())
    .addColumn('prints', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('maintenance_task_done_task_idx')
    .on('maintenance_task_done')
    .columns(['task_id', 'done_on'])
    .execute();
}
