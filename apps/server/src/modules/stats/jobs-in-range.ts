import type { Db } from '../../db/database.js';

/** A statistics period: jobs started from `fromIso` (inclusive) until `untilIso` (exclusive). */
export interface StatsRange {
  fromIso: string;
  untilIso: string;
}

/** The workspace's print jobs started in the range: the base of every statistics read. */
export function selectJobsInRange(db: Db, workspaceId: number, range: StatsRange) {
  return db
    .selectFrom('print_jobs')
    .where('workspace_id', '=', workspaceId)
    .where('started_on', '>=', range.fromIso)
    .where('started_on', '<', range.untilIso);
}

/**
 * Jobs that did not finish (running, cancelled, failed, unknown) and have a time estimate:
 * the statistics count them with their elapsed share.
 */
export function listUnfinishedJobsInRange(db: Db, workspaceId: number, range: StatsRange) {
  return selectJobsInRange(db, workspaceId, range)
    .select([
      'printer_id',
      'printer_name',
      'started_on',
      'ended_on',
      'filament_used_g',
      'filament_used_mm',
      'printing_time_sec',
    ])
    .where('outcome', '<>', 'done')
    .where('printing_time_sec', '>', 0)
    .execute();
}
