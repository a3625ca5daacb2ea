import type { Db } from '../../db/database.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import { elapsedShare } from './stats-range.js';
import { addUserMonthTotals } from './job-rollup-months.js';
import { addExcluded } from './rollup-sums.js';

type EndedJob = Pick<
  PrintJobRow,
  | 'workspace_id'
  | 'file_id'
  | 'user_id'
  | 'username'
  | 'started_on'
  | 'ended_on'
  | 'outcome'
  | 'filament_used_g'
  | 'filament_used_mm'
  | 'printing_time_sec'
> & { cost_total?: number | null };

/** What an ended job adds to its user's and its file's roll-ups (the rules of stats.service.ts). */
export interface PersonTotals {
  jobs: number;
  done_jobs: number;
  grams: number;
  seconds: number;
  cost: number;
}

/** A finished job adds its estimates, any other ended job the share its elapsed time covered. */
export function endedContributionOf(job: EndedJob): PersonTotals {
  const isDone = job.outcome === 'done';
  const share = isDone
    ? 1
    : (job.printing_time_sec ?? 0) > 0
      ? elapsedShare(job, Date.parse(job.ended_on!))
      : 0;
  return {
    jobs: 1,
    done_jobs: isDone ? 1 : 0,
    grams: (job.filament_used_g ?? 0) * share,
    seconds: (job.printing_time_sec ?? 0) * share,
    cost: typeof job.cost_total === 'number' ? job.cost_total : 0,
  };
}

/**
 * Adds totals to users' rows of a day (user 0: none; a deleted user's rows read as none); the
 * rows' keys are distinct (one multi-row insert).
 */
export async function addUserDayTotals(
  trx: Db,
  rows: Array<
    { workspace_id: number; day: string; user_id: number; username: string } & PersonTotals
  >,
): Promise<void> {
  await trx
    .insertInto('job_rollup_user_days')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['workspace_id', 'day', 'user_id', 'username'])
        .doUpdateSet(
          addExcluded('job_rollup_user_days', ['jobs', 'done_jobs', 'grams', 'seconds', 'cost']),
        ),
    )
    .execute();
}

/** Adds totals to files' rows (all time; a row goes with its file); distinct files. */
export async function addFileTotals(
  trx: Db,
  rows: Array<{ workspace_id: number; file_id: number; last_started_on: string } & PersonTotals>,
): Promise<void> {
  await trx
    .insertInto('job_rollup_files')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['file_id']).doUpdateSet((eb) => ({
        ...addExcluded('job_rollup_files', ['jobs', 'done_jobs', 'grams', 'seconds', 'cost']),
        last_started_on: eb
          .case()
          .when('job_rollup_files.last_started_on', '<', eb.ref('excluded.last_started_on'))
          .then(eb.ref('excluded.last_started_on'))
          .else(eb.ref('job_rollup_files.last_started_on'))
          .end(),
      })),
    )
    .execute();
}

/** Counts ended jobs without a file in their day's roll-up rows (which exist: days come first). */
export async function addJobsWithoutFile(
  trx: Db,
  key: { workspace_id: number; day: string; outcome: PrintJobRow['outcome'] },
  count: number,
): Promise<void> {
  await trx
    .updateTable('job_rollup_days')
    .set((eb) => ({ jobs_without_file: eb('jobs_without_file', '+', count) }))
    .where('workspace_id', '=', key.workspace_id)
    .where('day', '=', key.day)
    .where('outcome', '=', key.outcome)
    .execute();
}

/** An ended job into its user's and its file's roll-ups; inside the transaction that ends it. */
export async function addEndedJobToUserAndFileRollups(trx: Db, job: EndedJob): Promise<void> {
  const day = job.started_on.slice(0, 10);
  const totals = endedContributionOf(job);
  const user = {
    workspace_id: job.workspace_id,
    day,
    user_id: job.user_id ?? 0,
    username: job.username,
  };
  await addUserDayTotals(trx, [{ ...user, ...totals }]);
  await addUserMonthTotals(trx, user, totals);
  if (job.file_id === null)
    await addJobsWithoutFile(trx, { workspace_id: job.workspace_id, day, outcome: job.outcome }, 1);
  else
    await addFileTotals(trx, [
      {
        workspace_id: job.workspace_id,
        file_id: job.file_id,
        last_started_on: job.started_on,
        ...totals,
      },
    ]);
}

/** A stored cost (print-cost.ts, after the end) into the rows the job's end counted it in. */
export async function addCostToUserAndFileRollups(
  db: Db,
  job: Pick<PrintJobRow, 'workspace_id' | 'file_id' | 'user_id' | 'username' | 'started_on'>,
  cost: number,
): Promise<void> {
  await db
    .updateTable('job_rollup_user_days')
    .set((eb) => ({ cost: eb('cost', '+', cost) }))
    .where('workspace_id', '=', job.workspace_id)
    .where('day', '=', job.started_on.slice(0, 10))
    .where('user_id', '=', job.user_id ?? 0)
    .where('username', '=', job.username)
    .execute();
  if (job.file_id !== null)
    await db
      .updateTable('job_rollup_files')
      .set((eb) => ({ cost: eb('cost', '+', cost) }))
      .where('file_id', '=', job.file_id)
      .execute();
}

/**
 * A file is being deleted (inside its transaction): its jobs lose their file here, under the
 * rows' locks, so a job ending meanwhile is counted either with the file or without it, once;
 * its ended jobs move to the days' without-file counts, and its own roll-up row cascades.
 */
export async function detachFileFromJobs(
  trx: Db,
  file: { id: number; workspace_id: number },
): Promise<void> {
  const jobs = await trx
    .updateTable('print_jobs')
    .set({ file_id: null })
    .where('workspace_id', '=', file.workspace_id)
    .where('file_id', '=', file.id)
    .returning(['started_on', 'outcome', 'ended_on'])
    .execute();
  const counts = new Map<string, { day: string; outcome: PrintJobRow['outcome']; n: number }>();
  for (const job of jobs) {
    if (job.ended_on === null) continue; // running: counted directly until it ends
    const day = job.started_on.slice(0, 10);
    const entry = counts.get(`${day}|${job.outcome}`) ?? { day, outcome: job.outcome, n: 0 };
    entry.n += 1;
    counts.set(`${day}|${job.outcome}`, entry);
  }
  for (const { day, outcome, n } of counts.values())
    await addJobsWithoutFile(trx, { workspace_id: file.workspace_id, day, outcome }, n);
}
