import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';

/**
 * The per-printer and per-user roll-ups by month (migration 0056), kept beside the per-day ones
 * in the same transaction: a range reads whole months from here and only the days of the
 * partial months at its ends from the days, so a year is about 12 + 30 rows per printer or user
 * instead of 365.
 */
export const monthOf = (day: string) => day.slice(0, 7);

interface Days {
  from: string;
  to: string;
}

const lastDayOfMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};
const nextMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 7);
};
const previousMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 2, 1)).toISOString().slice(0, 7);
};

/**
 * A range of days (both ends included) as the whole months it covers and the days left at its
 * ends: 2025-11-28 … 2026-11-27 is the days 2025-11-28 … 30, the months 2025-12 … 2026-10 and the
 * days 2026-11-01 … 27.
 */
export function splitIntoMonths(days: Days): { months: Days | null; dayRanges: Days[] } {
  const first = days.from.endsWith('-01') ? monthOf(days.from) : nextMonth(monthOf(days.from));
  const last =
    lastDayOfMonth(monthOf(days.to)) === days.to
      ? monthOf(days.to)
      : previousMonth(monthOf(days.to));
  if (first > last) return { months: null, dayRanges: [days] };
  const dayRanges: Days[] = [];
  if (monthOf(days.from) !== first)
    dayRanges.push({ from: days.from, to: lastDayOfMonth(monthOf(days.from)) });
  if (monthOf(days.to) !== last) dayRanges.push({ from: `${monthOf(days.to)}-01`, to: days.to });
  return { months: { from: first, to: last }, dayRanges };
}

/** A workspace's printer rows of a range: days at its ends, months between (to be summed). */
export function printerRollupRowsOf(db: Db, workspaceId: number, days: Days) {
  const { months, dayRanges } = splitIntoMonths(days);
  const columns = [
    'printer_id',
    'printer_name',
    'jobs',
    'done_seconds',
    'share_seconds',
    'cost',
  ] as const;
  const fromDays = db
    .selectFrom('job_rollup_printer_days')
    .select(columns)
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      eb.or(dayRanges.map((r) => eb.and([eb('day', '>=', r.from), eb('day', '<=', r.to)]))),
    );
  if (!months) return fromDays;
  return fromDays.unionAll(
    db
      .selectFrom('job_rollup_printer_months')
      .select(columns)
      .where('workspace_id', '=', workspaceId)
      .where('month', '>=', months.from)
      .where('month', '<=', months.to),
  );
}

/** A workspace's user rows of a range: days at its ends, months between (to be summed). */
export function userRollupRowsOf(db: Db, workspaceId: number, days: Days) {
  const { months, dayRanges } = splitIntoMonths(days);
  const columns = ['user_id', 'username', 'jobs', 'done_jobs', 'grams', 'seconds', 'cost'] as const;
  const fromDays = db
    .selectFrom('job_rollup_user_days')
    .select(columns)
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      eb.or(dayRanges.map((r) => eb.and([eb('day', '>=', r.from), eb('day', '<=', r.to)]))),
    );
  if (!months) return fromDays;
  return fromDays.unionAll(
    db
      .selectFrom('job_rollup_user_months')
      .select(columns)
      .where('workspace_id', '=', workspaceId)
      .where('month', '>=', months.from)
      .where('month', '<=', months.to),
  );
}

interface PrinterKey {
  workspace_id: number;
  day: string;
  printer_id: number;
  printer_name: string;
}
interface PrinterNumbers {
  jobs: number;
  done_seconds: number;
  share_seconds: number;
  cost?: number;
}

/** Adds a printer day's totals to its month; in the transaction that adds them to the day. */
export async function addPrinterMonthTotals(
  trx: Db,
  { day, ...key }: PrinterKey,
  totals: PrinterNumbers,
): Promise<void> {
  await trx
    .insertInto('job_rollup_printer_months')
    .values({ ...key, month: monthOf(day), ...totals })
    .onConflict((conflict) =>
      conflict
        .columns(['workspace_id', 'month', 'printer_id', 'printer_name'])
        .doUpdateSet((eb) => ({
          jobs: eb('job_rollup_printer_months.jobs', '+', eb.ref('excluded.jobs')),
          done_seconds: eb(
            'job_rollup_printer_months.done_seconds',
            '+',
            eb.ref('excluded.done_seconds'),
          ),
          share_seconds: eb(
            'job_rollup_printer_months.share_seconds',
            '+',
            eb.ref('excluded.share_seconds'),
          ),
          cost: eb('job_rollup_printer_months.cost', '+', eb.ref('excluded.cost')),
        })),
    )
    .execute();
}

interface UserKey {
  workspace_id: number;
  day: string;
  user_id: number;
  username: string;
}
interface UserNumbers {
  jobs: number;
  done_jobs: number;
  grams: number;
  seconds: number;
  cost: number;
}

/** Adds a user day's totals to its month; in the transaction that adds them to the day. */
export async function addUserMonthTotals(
  trx: Db,
  { day, ...key }: UserKey,
  totals: UserNumbers,
): Promise<void> {
  await trx
    .insertInto('job_rollup_user_months')
    .values({ ...key, month: monthOf(day), ...totals })
    .onConflict((conflict) =>
      conflict.columns(['workspace_id', 'month', 'user_id', 'username']).doUpdateSet((eb) => ({
        jobs: eb('job_rollup_user_months.jobs', '+', eb.ref('excluded.jobs')),
        done_jobs: eb('job_rollup_user_months.done_jobs', '+', eb.ref('excluded.done_jobs')),
        grams: eb('job_rollup_user_months.grams', '+', eb.ref('excluded.grams')),
        seconds: eb('job_rollup_user_months.seconds', '+', eb.ref('excluded.seconds')),
        cost: eb('job_rollup_user_months.cost', '+', eb.ref('excluded.cost')),
      })),
    )
    .execute();
}

/** A stored cost (print-cost.ts, after the end) into the months the job's end counted it in. */
export async function addCostToMonthRollups(
  db: Db,
  job: Pick<
    PrintJobRow,
    'workspace_id' | 'printer_id' | 'printer_name' | 'user_id' | 'username' | 'started_on'
  >,
  cost: number,
): Promise<void> {
  const month = monthOf(job.started_on.slice(0, 10));
  await db
    .updateTable('job_rollup_printer_months')
    .set((eb) => ({ cost: eb('cost', '+', cost) }))
    .where('workspace_id', '=', job.workspace_id)
    .where('month', '=', month)
    .where('printer_id', '=', job.printer_id ?? 0)
    .where('printer_name', '=', job.printer_name)
    .execute();
  await db
    .updateTable('job_rollup_user_months')
    .set((eb) => ({ cost: eb('cost', '+', cost) }))
    .where('workspace_id', '=', job.workspace_id)
    .where('month', '=', month)
    .where('user_id', '=', job.user_id ?? 0)
    .where('username', '=', job.username)
    .execute();
}

/**
 * Makes the months again from the days (migration 0056 for the days before it; the backfills
 * `rollUpEndedJobs…`, which write days only, are followed by this).
 */
export async function rebuildMonthRollups(db: Kysely<Database>): Promise<void> {
  const month = sql<string>`substr(day, 1, 7)`;
  const rebuild = async (trx: Kysely<Database>) => {
    await trx.deleteFrom('job_rollup_printer_months').execute();
    await trx.deleteFrom('job_rollup_user_months').execute();
    await trx
      .insertInto('job_rollup_printer_months')
      .columns([
        'workspace_id',
        'month',
        'printer_id',
        'printer_name',
        'jobs',
        'done_seconds',
        'share_seconds',
        'cost',
      ])
      .expression(
        trx
          .selectFrom('job_rollup_printer_days')
          .select((eb) => [
            'workspace_id',
            month.as('month'),
            'printer_id',
            'printer_name',
            eb.fn.sum<number>('jobs').as('jobs'),
            eb.fn.sum<number>('done_seconds').as('done_seconds'),
            eb.fn.sum<number>('share_seconds').as('share_seconds'),
            eb.fn.sum<number>('cost').as('cost'),
          ])
          .groupBy(['workspace_id', month, 'printer_id', 'printer_name']),
      )
      .execute();
    await trx
      .insertInto('job_rollup_user_months')
      .columns([
        'workspace_id',
        'month',
        'user_id',
        'username',
        'jobs',
        'done_jobs',
        'grams',
        'seconds',
        'cost',
      ])
      .expression(
        trx
          .selectFrom('job_rollup_user_days')
          .select((eb) => [
            'workspace_id',
            month.as('month'),
            'user_id',
            'username',
            eb.fn.sum<number>('jobs').as('jobs'),
            eb.fn.sum<number>('done_jobs').as('done_jobs'),
            eb.fn.sum<number>('grams').as('grams'),
            eb.fn.sum<number>('seconds').as('seconds'),
            eb.fn.sum<number>('cost').as('cost'),
          ])
          .groupBy(['workspace_id', month, 'user_id', 'username']),
      )
      .execute();
  };
  // a migration on PostgreSQL runs in a transaction already
  await (db.isTransaction ? rebuild(db) : db.transaction().execute(rebuild));
}
