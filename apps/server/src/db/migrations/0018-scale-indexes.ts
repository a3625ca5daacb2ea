import type { Kysely } from 'kysely';

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
  // the lost-device sweep: jobs not ended yet
  ['print_jobs_open_idx', 'print_jobs', ['ended_on']],
  // a workspace's jobs newest first (the history's pages)
  ['print_jobs_workspace_id_idx', 'print_jobs', ['workspace_id', 'id']],
  // a workspace's printers by name (printers, devices-states)
  ['printers_workspace_name_idx', 'printers', ['workspace_id', 'name', 'id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
}
