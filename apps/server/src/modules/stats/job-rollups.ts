import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, JobRollupDaysTable, JobRollupPrinterDaysTable } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import type { StatsRange } from './stats-range.js';
import { elapsedShare } from './stats-range.js';
import { addExcluded } from './rollup-sums.js';
import { addEndedJobToUserAndFileRollups } from './job-rollups-by-user-and-file.js';
import { addPrinterMonthTotals, printerRollupRowsOf } from './job-rollup-months.js';
import { endedJobBatches } from './ended-job-batches.js';

type Job = Pick<
  PrintJobRow,
  | 'workspace_id'
  | 'printer_id'
  | 'printer_name'
  | 'started_on'
  | 'ended_on'
  | 'outcome'
  | 'filament_used_g'
  | 'filament_used_mm'
  | 'printing_time_sec'
> & { cost_total?: number | null };

export type DayTotals = Omit<Insertable<JobRollupDaysTable>, 'workspace_id'>;
export type PrinterTotals = Omit<
  Insertable<JobRollupPrinterDaysTable>,
  'workspace_id' | 'printer_id'
> & { printer_id: number | null };

/**
 * What one job adds to the statistics (stats.service.ts states the rules): a finished job its
 * estimates, any other the share of them its elapsed time covers (until now while it runs).
 */
export function contributionOf(
  job: Job,
  nowMs: number,
): { day: DayTotals; printer: PrinterTotals } {
  const day = job.started_on.slice(0, 10);
  const isDone = job.outcome === 'done';
  const share = !isDone && (job.printing_time_sec ?? 0) > 0 ? elapsedShare(job, nowMs) : 0;
  const seconds = job.printing_time_sec ?? 0;
  return {
    day: {
      day,
      outcome: job.outcome,
      jobs: 1,
      grams: job.filament_used_g ?? 0,
      millimetres: job.filament_used_mm ?? 0,
      seconds,
      share_grams: (job.filament_used_g ?? 0) * share,
      share_millimetres: (job.filament_used_mm ?? 0) * share,
      share_seconds: seconds * share,
      // a job's cost is stored after its roll-up is made (print-cost.ts adds it then); a job
      // rolled up later (the benchmark's history) brings it. Before migration 0040: no column.
      ...(typeof job.cost_total === 'number' && { cost: job.cost_total }),
    },
    printer: {
      day,
      printer_id: job.printer_id,
      printer_name: job.printer_name,
      jobs: 1,
      done_seconds: isDone ? seconds : 0,
      share_seconds: seconds * share,
      ...(typeof job.cost_total === 'number' && { cost: job.cost_total }),
    },
  };
}

/** Adds an ended job to the roll-ups; called inside the transaction that ends it. */
export async function addEndedJobToRollups(trx: Db, job: PrintJobRow): Promise<void> {
  if (job.ended_on === null) return;
  const { day, printer } = contributionOf(job, Date.parse(job.ended_on));
  await addDayTotals(trx, [{ workspace_id: job.workspace_id, ...day }]);
  await addPrinterTotals(trx, [
    { workspace_id: job.workspace_id, ...printer, printer_id: printer.printer_id ?? 0 },
  ]);
  await addPrinterMonthTotals(
    trx,
    {
      workspace_id: job.workspace_id,
      day: printer.day,
      printer_id: printer.printer_id ?? 0,
      printer_name: printer.printer_name,
    },
    {
      jobs: printer.jobs,
      done_seconds: printer.done_seconds,
      share_seconds: printer.share_seconds,
      ...(printer.cost !== undefined && { cost: printer.cost }),
    },
  );
  await addEndedJobToUserAndFileRollups(trx, job);
}

/**
 * Rows for one multi-row insert: a cost on every row if any has one (missing: 0), none
 * otherwise (before migration 0040 there is no cost column).
 */
function withCommonCost<T extends { cost?: number }>(rows: T[]): { rows: T[]; hasCost: boolean } {
  const hasCost = rows.some((row) => row.cost !== undefined);
  return { rows: hasCost ? rows.map((row) => ({ ...row, cost: row.cost ?? 0 })) : rows, hasCost };
}

/** A day row's sums that every ended job adds to (the cost only when the job has one). */
const DAY_SUMS = [
  'jobs',
  'grams',
  'millimetres',
  'seconds',
  'share_grams',
  'share_millimetres',
  'share_seconds',
] as const;

/** Adds totals to their roll-up rows (distinct keys), creating each the first time it is seen. */
async function addDayTotals(trx: Db, days: Array<Insertable<JobRollupDaysTable>>): Promise<void> {
  const { rows, hasCost } = withCommonCost(days);
  await trx
    .insertInto('job_rollup_days')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['workspace_id', 'day', 'outcome']).doUpdateSet({
        ...addExcluded('job_rollup_days', DAY_SUMS),
        ...(hasCost && addExcluded('job_rollup_days', ['cost'])),
      }),
    )
    .execute();
}

async function addPrinterTotals(
  trx: Db,
  printers: Array<Insertable<JobRollupPrinterDaysTable>>,
): Promise<void> {
  const { rows, hasCost } = withCommonCost(printers);
  await trx
    .insertInto('job_rollup_printer_days')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['workspace_id', 'day', 'printer_id', 'printer_name']).doUpdateSet({
        ...addExcluded('job_rollup_printer_days', ['jobs', 'done_seconds', 'share_seconds']),
        ...(hasCost && addExcluded('job_rollup_printer_days', ['cost'])),
      }),
    )
    .execute();
}

/** Adds the numbers of `totals` into the entry of `key` (or makes it). */
function sumInto<T extends { jobs: number }>(
  into: Map<string, { workspaceId: number; totals: T }>,
  key: string,
  workspaceId: number,
  totals: T,
): void {
  const entry = into.get(key);
  if (!entry) {
    into.set(key, { workspaceId, totals: { ...totals } });
    return;
  }
  const sums = entry.totals as Record<string, unknown>;
  for (const [name, value] of Object.entries(totals))
    if (typeof value === 'number' && name !== 'printer_id')
      // a cost only some of the key's jobs have (issue 26): missing counts as 0, not NaN
      sums[name] = ((sums[name] as number | undefined) ?? 0) + value;
}

/**
 * Rolls up every ended job at once (migration 0018 for the jobs ended before roll-ups; the
 * scale benchmark for the history it inserts). Only for roll-ups that hold none of them yet.
 * Days only: the months are made from them afterwards (`rebuildMonthRollups`).
 */
export async function rollUpEndedJobs(db: Kysely<Database>, batch = 1000): Promise<void> {
  for await (const jobs of endedJobBatches(db, batch)) {
    // the batch's totals per key first: one write per roll-up row, not per job
    const days = new Map<string, { workspaceId: number; totals: DayTotals }>();
    const printers = new Map<string, { workspaceId: number; totals: PrinterTotals }>();
    for (const job of jobs) {
      const { day, printer } = contributionOf(job, Date.parse(job.ended_on!));
      const at = `${job.workspace_id}|${day.day}`;
      sumInto(days, `${at}|${day.outcome}`, job.workspace_id, day);
      sumInto(
        printers,
        `${at}|${printer.printer_id ?? 0}|${printer.printer_name}`,
        job.workspace_id,
        printer,
      );
    }
    // a migration on PostgreSQL runs in a transaction already; elsewhere one per batch
    // one insert per 500 rows (distinct keys), not one per row: PostgreSQL's round trips
    const addAll = async (trx: Kysely<Database>) => {
      const dayRows = [...days.values()].map(({ workspaceId, totals }) => ({
        workspace_id: workspaceId,
        ...totals,
      }));
      const printerRows = [...printers.values()].map(({ workspaceId, totals }) => ({
        workspace_id: workspaceId,
        ...totals,
        printer_id: totals.printer_id ?? 0,
      }));
      for (let i = 0; i < dayRows.length; i += 500)
        await addDayTotals(trx, dayRows.slice(i, i + 500));
      for (let i = 0; i < printerRows.length; i += 500)
        await addPrinterTotals(trx, printerRows.slice(i, i + 500));
    };
    await (db.isTransaction ? addAll(db) : db.transaction().execute(addAll));
  }
}

/** First and last day of a range, as the roll-ups key them. */
const daysOf = (range: StatsRange) => ({
  from: range.fromIso.slice(0, 10),
  // untilIso is the midnight after the last day
  to: new Date(Date.parse(range.untilIso) - 1).toISOString().slice(0, 10),
});

/** Jobs still running: not rolled up yet, read one by one (few: at most one per printer). */
function listOpenJobsInRange(db: Db, workspaceId: number, range: StatsRange) {
  return db
    .selectFrom('print_jobs')
    .select([
      'workspace_id',
      'printer_id',
      'printer_name',
      'started_on',
      'ended_on',
      'outcome',
      'filament_used_g',
      'filament_used_mm',
      'printing_time_sec',
      'file_id',
    ])
    .where('ended_on', 'is', null)
    .where('workspace_id', '=', workspaceId)
    .where('started_on', '>=', range.fromIso)
    .where('started_on', '<', range.untilIso)
    .execute();
}

/**
 * The statistics' reads: totals per day and outcome, and per printer, of every job started
 * in the range — ended ones from the roll-ups (≈ days × outcomes rows, and months × printers
 * plus the partial months' days × printers rows, however many jobs), running ones directly —
 * and how many of them have no file (a count the day rows keep since migration 0050).
 */
export function createJobRollupsRepository(db: Db) {
  return {
    async listDayTotals(workspaceId: number, range: StatsRange, nowMs: number) {
      const { from, to } = daysOf(range);
      const [rows, open] = await Promise.all([
        db
          .selectFrom('job_rollup_days')
          .select(['day', 'outcome', ...DAY_SUMS, 'cost', 'jobs_without_file'])
          .where('workspace_id', '=', workspaceId)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .execute(),
        listOpenJobsInRange(db, workspaceId, range),
      ]);
      const numeric = rows.map((row) => ({
        ...row,
        jobs: Number(row.jobs),
        grams: Number(row.grams),
        millimetres: Number(row.millimetres),
        seconds: Number(row.seconds),
        share_grams: Number(row.share_grams),
        share_millimetres: Number(row.share_millimetres),
        share_seconds: Number(row.share_seconds),
        cost: Number(row.cost),
        jobs_without_file: Number(row.jobs_without_file),
      }));
      const running = open.map((job) => ({
        ...contributionOf(job, nowMs).day,
        jobs_without_file: job.file_id === null ? 1 : 0,
      }));
      return [...numeric, ...running];
    },

    async listPrinterTotals(workspaceId: number, range: StatsRange, nowMs: number) {
      const { from, to } = daysOf(range);
      const [rows, open] = await Promise.all([
        db
          // whole months from their rows, the days of the partial months at the ends
          .selectFrom(printerRollupRowsOf(db, workspaceId, { from, to }, range.today).as('r'))
          // a deleted printer's jobs name no printer, as their print_jobs rows do
          .leftJoin('printers as p', 'p.id', 'r.printer_id')
          .select(['p.id as printer_id', 'r.printer_name'])
          .select((eb) => [
            eb.fn.sum<number>('r.jobs').as('jobs'),
            eb.fn.sum<number>('r.done_seconds').as('done_seconds'),
            eb.fn.sum<number>('r.share_seconds').as('share_seconds'),
            eb.fn.sum<number>('r.cost').as('cost'),
          ])
          .groupBy(['p.id', 'r.printer_name'])
          // a printer's subtracted days (job-rollup-months.ts) may leave it no jobs in the range
          .having((eb) => eb.fn.sum('r.jobs'), '>', 0)
          .execute(),
        listOpenJobsInRange(db, workspaceId, range),
      ]);
      const numeric = rows.map((row) => ({
        printer_id: row.printer_id,
        printer_name: row.printer_name,
        jobs: Number(row.jobs),
        done_seconds: Number(row.done_seconds),
        share_seconds: Number(row.share_seconds),
        cost: Number(row.cost ?? 0),
      }));
      // a running job has no cost yet: it is stored when the job ends
      const running = open.map((job) => ({ ...contributionOf(job, nowMs).printer, cost: 0 }));
      return [...numeric, ...running];
    },

    /** The workspace's currency (issue 26), which its statistics' cost is in. */
    async findCurrency(workspaceId: number): Promise<string | null> {
      const row = await db
        .selectFrom('workspaces')
        .select('currency')
        .where('id', '=', workspaceId)
        .executeTakeFirst();
      return row?.currency ?? null;
    },
  };
}

export type JobRollupsRepository = ReturnType<typeof createJobRollupsRepository>;
