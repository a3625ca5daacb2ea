import type { Kysely } from 'kysely';

/**
 * The printer's own identity of a print job (its file path and start time on the printer), so
 * events and states reach the job they are about; jobs started on the printer itself; and why
 * a job ended the way it did when Printdeck had to conclude it (reconciled, device gone).
 * SQLite takes one added column per statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = () => db.schema.alterTable('print_jobs');
  await table().addColumn('device_path', 'text').execute();
  await table().addColumn('device_started_at', 'double precision').execute();
  await table()
    .addColumn('started_on_printer', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await table().addColumn('end_reason', 'text').execute();
  await db.schema
    .createIndex('print_jobs_device_identity_idx')
    .on('print_jobs')
    .columns(['device_key_id', 'device_path'])
    .execute();
}
