import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import { addExcluded } from './rollup-sums.js';

/**
 * The per-printer and per-user roll-ups by month (migration 0056), kept beside the per-day ones
 * in the same transaction. A range reads whole months from here; a month it covers only partly
 * is read as its days in the range, or as its month row minus its days outside the range when
 * those are fewer (days after today hold nothing): a year up to today is about 13 + 3 rows per
 * printer or user instead of 365.
 */
const monthOf = (day: string) => day.slice(0, 7);

interface Days {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + by * DAY_MS).toISOString().slice(0, 10);
const lastDayOfMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};
const nextMonth = (month: string) => shiftDay(lastDayOfMonth(month), 1).slice(0, 7);
const previousMonth = (month: string) => shiftDay(`${month}-01`, -1).slice(0, 7);

export interface MonthSplit {
  /** whole months read from the month rows */
  months: Days | null;
  /** days read from the day rows */
  dayRanges: Days[];
  /** days of those months outside the range: their day rows are subtracted */
  subtractedDayRanges: Days[];
}

/**
 * How a range of days (both ends included) is read: 2025-11-28 … 2026-11-27 with today
 * 2026-11-27 is the days 2025-11-28 … 30, the months 2025-12 … 2026-11, minus the days
 * 2026-11-28 … 30 (which hold nothing yet).
 */
export function splitIntoMonths(days: Days, today: string): MonthSplit {
  // the days of a range that may hold rows (none after today)
  const rowDays = ({ from, to }: Days) => {
    const end = to < today ? to : today;
    return end < from ? 0 : (Date.parse(end) - Date.parse(from)) / DAY_MS + 1;
  };
  const split: MonthSplit = { months: null, dayRanges: [], subtractedDayRanges: [] };
  let [first, last] = [monthOf(days.from), monthOf(days.to)];
  const before = { from: `${first}-01`, to: shiftDay(days.from, -1) };
  const after = { from: shiftDay(days.to, 1), to: lastDayOfMonth(last) };
  if (first === last) {
    const outside = [before, after].filter((r) => r.from <= r.to);
    const outsideDays = outside.reduce((sum, r) => sum + rowDays(r), 0);
    if (outsideDays >= rowDays(days)) return { ...split, dayRanges: [days] };
    return { ...split, months: { from: first, to: last }, subtractedDayRanges: outside };
  }
  if (before.from <= before.to) {
    const inside = { from: days.from, to: lastDayOfMonth(first) };
    if (rowDays(before) < rowDays(inside)) split.subtractedDayRanges.push(before);
    else [split.dayRanges, first] = [[...split.dayRanges, inside], nextMonth(first)];
  }
  if (after.from <= after.to) {
    const inside = { from: `${last}-01`, to: days.to };
    if (rowDays(after) < rowDays(inside)) split.subtractedDayRanges.push(after);
    else [split.dayRanges, last] = [[...split.dayRanges, inside], previousMonth(last)];
  }
  if (first <= last) split.months = { from: first, to: last };
  return split;
}

/** Parts of a union, at least one (a range has days or months). */
function unionOf<Q extends { unionAll(other: Q): Q }>(parts: Array<Q | false>): Q {
  const [first, ...rest] = parts.filter((part): part is Q => part !== false);
  return rest.reduce((all, part) => all.unionAll(part), first!);
}

/**
 * A workspace's printer rows of a range, to be summed per printer: days, months, and the
 * subtracted days negated (a printer whose sum of jobs is 0 had none in the range).
 */
export function printerRollupRowsOf(db: Db, workspaceId: number, days: Days, today: string) {
  const { months, dayRanges, subtractedDayRanges } = splitIntoMonths(days, today);
  const rowsOf = (table: 'job_rollup_printer_days' | 'job_rollup_printer_months', sign = '') =>
    db
      .selectFrom(table)
      .select([
        'printer_id',
        'printer_name',
        sql<number>`${sql.raw(sign)}jobs`.as('jobs'),
        sql<number>`${sql.raw(sign)}done_seconds`.as('done_seconds'),
        sql<number>`${sql.raw(sign)}share_seconds`.as('share_seconds'),
        sql<number>`${sql.raw(sign)}cost`.as('cost'),
      ])
      .where('workspace_id', '=', workspaceId);
  const dayRows = (ranges: Days[], sign = '') =>
    ranges.length > 0 &&
    rowsOf('job_rollup_printer_days', sign).where((eb) =>
      eb.or(ranges.map((r) => eb.and([eb('day', '>=', r.from), eb('day', '<=', r.to)]))),
    );
  return unionOf([
    dayRows(dayRanges),
    dayRows(subtractedDayRanges, '-'),
    months !== null &&
      rowsOf('job_rollup_printer_months')
        .where('month', '>=', months.from)
        .where('month', '<=', months.to),
  ]);
}

/** A workspace's user rows of a range, to be summed per user (as printerRollupRowsOf). */
export function userRollupRowsOf(db: Db, workspaceId: number, days: Days, today: string) {
  const { months, dayRanges, subtractedDayRanges } = splitIntoMonths(days, today);
  const rowsOf = (table: 'job_rollup_user_days' | 'job_rollup_user_months', sign = '') =>
    db
      .selectFrom(table)
      .select([
        'user_id',
        'username',
        sql<number>`${sql.raw(sign)}jobs`.as('jobs'),
        sql<number>`${sql.raw(sign)}done_jobs`.as('done_jobs'),
        sql<number>`${sql.raw(sign)}grams`.as('grams'),
        sql<number>`${sql.raw(sign)}seconds`.as('seconds'),
        sql<number>`${sql.raw(sign)}cost`.as('cost'),
      ])
      .where('workspace_id', '=', workspaceId);
  const dayRows = (ranges: Days[], sign = '') =>
    ranges.length > 0 &&
    rowsOf('job_rollup_user_days', sign).where((eb) =>
      eb.or(ranges.map((r) => eb.and([eb('day', '>=', r.from), eb('day', '<=', r.to)]))),
    );
  return unionOf([
    dayRows(dayRanges),
    dayRows(subtractedDayRanges, '-'),
    months !== null &&
      rowsOf('job_rollup_user_months')
        .where('month', '>=', months.from)
        .where('month', '<=', months.to),
  ]);
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
        .doUpdateSet(
          addExcluded('job_rollup_printer_months', [
            'jobs',
            'done_seconds',
            'share_seconds',
            'cost',
          ]),
        ),
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
      conflict
        .columns(['workspace_id', 'month', 'user_id', 'username'])
        .doUpdateSet(
          addExcluded('job_rollup_user_months', ['jobs', 'done_jobs', 'grams', 'seconds', 'cost']),
        ),
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
