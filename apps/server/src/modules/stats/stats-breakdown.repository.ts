import type { Db } from '../../db/database.js';
import type { StatsRange } from './stats-range.js';
import { userRollupRowsOf } from './job-rollup-months.js';

/** First and last day of a range, as the roll-ups key them. */
const daysOf = (range: StatsRange) => ({
  from: range.fromIso.slice(0, 10),
  // untilIso is the midnight after the last day
  to: new Date(Date.parse(range.untilIso) - 1).toISOString().slice(0, 10),
});

/**
 * The per-user and per-file statistics' reads, from their roll-ups
 * (job-rollups-by-user-and-file.ts): about (13 months + 3 days) × users rows for a year, and the files' own rows
 * in order of their index, however many jobs the history holds.
 */
export function createStatsBreakdownRepository(db: Db) {
  return {
    async listUserTotals(workspaceId: number, range: StatsRange, limit: number) {
      const { from, to } = daysOf(range);
      const rows = await db
        // whole months from their rows, the days of the partial months at the ends
        .selectFrom(userRollupRowsOf(db, workspaceId, { from, to }, range.today).as('r'))
        // a deleted user's jobs name no user, as their print_jobs rows do
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .select(['u.id as user_id', 'r.username'])
        .select((eb) => [
          eb.fn.sum<number>('r.jobs').as('jobs'),
          eb.fn.sum<number>('r.done_jobs').as('done_jobs'),
          eb.fn.sum<number>('r.grams').as('grams'),
          eb.fn.sum<number>('r.seconds').as('seconds'),
          eb.fn.sum<number>('r.cost').as('cost'),
        ])
        .groupBy(['u.id', 'r.username'])
        // a user's subtracted days (job-rollup-months.ts) may leave them no jobs in the range
        .having((eb) => eb.fn.sum('r.jobs'), '>', 0)
        .orderBy('jobs', 'desc')
        .orderBy('r.username')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        user_id: row.user_id,
        username: row.username,
        jobs: Number(row.jobs),
        done_jobs: Number(row.done_jobs),
        grams: Number(row.grams),
        seconds: Number(row.seconds),
        cost: Number(row.cost),
      }));
    },

    async listFileTotals(workspaceId: number, limit: number) {
      const rows = await db
        .selectFrom('job_rollup_files as r')
        .innerJoin('files as f', 'f.id', 'r.file_id')
        .select([
          'r.file_id',
          'f.name as file_name',
          'r.jobs',
          'r.done_jobs',
          'r.grams',
          'r.seconds',
          'r.cost',
          'r.last_started_on',
        ])
        .where('r.workspace_id', '=', workspaceId)
        // read backwards on job_rollup_files_workspace_jobs_idx, stopping after `limit`
        .orderBy('r.jobs', 'desc')
        .orderBy('r.file_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...row,
        jobs: Number(row.jobs),
        done_jobs: Number(row.done_jobs),
        grams: Number(row.grams),
        seconds: Number(row.seconds),
        cost: Number(row.cost),
      }));
    },
  };
}

export type StatsBreakdownRepository = ReturnType<typeof createStatsBreakdownRepository>;
