import { sql, type Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 26, cost per print: a printer's average power, the workspace's kWh price, machine-hour
 * rate and currency; each ended job keeps its cost (filament, energy, machine hours) in the
 * currency of its end, and the statistics' roll-ups sum it so a year of history stays fast.
 * Jobs ended before this migration have no cost (null) and add nothing.
 *
 * The statistics also count the range's jobs whose file is gone; with only the
 * `(workspace_id, started_on)` index that count read every job of the range (a year of a
 * 200-printer farm: 500,000 rows per statistics page). A partial index holds just those jobs;
 * another the running ones, which the statistics read one by one (SQLite preferred the range
 * index over the `ended_on` one and read the whole year for them too).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('printers').addColumn('average_power_w', 'double precision').execute();
  await db.schema
    .alterTable('workspaces')
    .addColumn('energy_price_kwh', 'double precision')
    .execute();
  await db.schema
    .alterTable('workspaces')
    .addColumn('machine_hour_rate', 'double precision')
    .execute();
  await db.schema.alterTable('workspaces').addColumn('currency', 'text').execute();
  for (const column of ['cost_filament', 'cost_energy', 'cost_machine', 'cost_total'])
    await db.schema.alterTable('print_jobs').addColumn(column, 'double precision').execute();
  await db.schema.alterTable('print_jobs').addColumn('cost_currency', 'text').execute();
  await db.schema
    .alterTable('job_rollup_days')
    .addColumn('cost', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('job_rollup_printer_days')
    .addColumn('cost', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('print_jobs_without_file_idx')
    .on('print_jobs')
    .columns(['workspace_id', 'started_on'])
    .where(sql.ref('file_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('print_jobs_running_idx')
    .on('print_jobs')
    .columns(['workspace_id', 'started_on'])
    .where(sql.ref('ended_on'), 'is', null)
    .execute();
}
