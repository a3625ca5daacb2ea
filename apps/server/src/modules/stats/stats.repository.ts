import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { listUnfinishedJobsInRange, selectJobsInRange, type StatsRange } from './jobs-in-range.js';

/** Sums in double precision: PostgreSQL's `real` columns would add up in single precision. */
const sumDone = (column: 'filament_used_g' | 'filament_used_mm' | 'printing_time_sec') =>
  sql<number>`coalesce(sum(case when outcome = 'done' then cast(${sql.ref(column)} as double precision) end), 0)`;

export function createStatsRepository(db: Db) {
  const jobsIn = (workspaceId: number, range: StatsRange) =>
    selectJobsInRange(db, workspaceId, range);

  return {
    /** Counts of every job started in the range, and the estimates of those that finished. */
    async summarizeJobs(workspaceId: number, range: StatsRange) {
      const row = await jobsIn(workspaceId, range)
        .select([
          sql<number>`count(*)`.as('jobs'),
          sql<number>`count(file_id)`.as('with_file'),
          sumDone('filament_used_g').as('done_g'),
          sumDone('filament_used_mm').as('done_mm'),
          sumDone('printing_time_sec').as('done_sec'),
        ])
        .executeTakeFirstOrThrow();
      return {
        jobs: Number(row.jobs),
        withFile: Number(row.with_file),
        doneG: Number(row.done_g),
        doneMm: Number(row.done_mm),
        doneSec: Number(row.done_sec),
      };
    },

    /** Jobs that did not finish and have estimates: they count with their elapsed share. */
    listUnfinishedJobs: (workspaceId: number, range: StatsRange) =>
      listUnfinishedJobsInRange(db, workspaceId, range),
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
