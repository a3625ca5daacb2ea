import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { rollUpEndedJobs } from '../../modules/stats/job-rollups.js';

/**
 * Indexes that let the busiest reads grow with their answer, not with the farm (issue 31):
 * each matches one query's filter and sort, so it reads its rows in order and stops.
 */
const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  // a free printer's own items with the auto-start, in queue order
  ['print_queue_items_printer_next_idx', 'print_queue_items', ['printer_id', 'state', 'position']],
  // items for any printer (printer_id is null), in queue order
  [
    'print_queue_items_dispatch_idx',
    'print_queue_items',
    ['workspace_id', 'state', 'printer_id', 'position'],
  ],
  // the stale-claim sweep: only claimed items have a starting_on
  ['print_queue_items_claim_idx', 'print_queue_items', ['starting_on']],
  // each printer's newest job (devices-states), found without reading its history
  ['print_jobs_printer_latest_idx', 'print_jobs', ['printer_id', 'id']],
  // the lost-device sweep and the statistics' running jobs: jobs not ended yet
  ['print_jobs_open_idx', 'print_jobs', ['ended_on']],
  // a workspace's jobs newest first (the history's pages)
  ['print_jobs_workspace_id_idx', 'print_jobs', ['workspace_id', 'id']],
  // the statistics' jobs whose file is gone
  ['print_jobs_workspace_file_idx', 'print_jobs', ['workspace_id', 'file_id', 'started_on']],
  // a workspace's printers by name (printers, devices-states)
  ['printers_workspace_name_idx', 'printers', ['workspace_id', 'name', 'id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();

  // Statistics roll-ups of ended jobs by the day they started (job-rollups.ts keeps them).
  await db.schema
    .createTable('job_rollup_days')
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('jobs', 'integer', (c) => c.notNull())
    .addColumn('grams', 'double precision', (c) => c.notNull())
    .addColumn('millimetres', 'double precision', (c) => c.notNull())
    .addColumn('seconds', 'double precision', (c) => c.notNull())
    .addColumn('share_grams', 'double precision', (c) => c.notNull())
    .addColumn('share_millimetres', 'double precision', (c) => c.notNull())
    .addColumn('share_seconds', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_rollup_days_pk', ['workspace_id', 'day', 'outcome'])
    .execute();
  await db.schema
    .createTable('job_rollup_printer_days')
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (c) => c.notNull())
    // no reference: a deleted printer's rows stay and read as no printer, as its jobs do
    .addColumn('printer_id', 'integer', (c) => c.notNull())
    .addColumn('printer_name', 'text', (c) => c.notNull())
    .addColumn('jobs', 'integer', (c) => c.notNull())
    .addColumn('done_seconds', 'double precision', (c) => c.notNull())
    .addColumn('share_seconds', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_rollup_printer_days_pk', [
      'workspace_id',
      'day',
      'printer_id',
      'printer_name',
    ])
    .execute();

  // Every job ended so far, counted once, the way an ending job is counted.
  await rollUpEndedJobs(db as unknown as Kysely<Database>);
}
