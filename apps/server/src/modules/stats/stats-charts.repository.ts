import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { listUnfinishedJobsInRange, selectJobsInRange, type StatsRange } from './jobs-in-range.js';
import type { PrintJobOutcome } from '../../db/schema.js';

const asDouble = (column: 'filament_used_g' | 'filament_used_mm' | 'printing_time_sec') =>
  sql<number>`coalesce(sum(cast(${sql.ref(column)} as double precision)), 0)`;

export interface DayOutcomeRow {
  day: string;
  outcome: PrintJobOutcome;
  jobs: number;
  /** sums of the slicer estimates of these jobs */
  grams: number;
  millimetres: number;
}

export interface PrinterTimeRow {
  printerId: number | null;
  printerName: string;
  jobs: number;
  /** sum of the estimates of the finished jobs */
  doneSeconds: number;
}

/** Grouped reads of print jobs for the statistics charts; ISO text dates group by substring. */
export function createStatsChartsRepository(db: Db) {
  const jobsIn = (workspaceId: number, range: StatsRange) =>
    selectJobsInRange(db, workspaceId, range);

  return {
    async countJobsByDayAndOutcome(
      workspaceId: number,
      range: StatsRange,
    ): Promise<DayOutcomeRow[]> {
      const day = sql<string>`substr(started_on, 1, 10)`;
      const rows = await jobsIn(workspaceId, range)
        .select([
          day.as('day'),
          'outcome',
          sql<number>`count(*)`.as('jobs'),
          asDouble('filament_used_g').as('grams'),
          asDouble('filament_used_mm').as('millimetres'),
        ])
        .groupBy([day, 'outcome'])
        .execute();
      return rows.map((row) => ({
        day: row.day,
        outcome: row.outcome,
        jobs: Number(row.jobs),
        grams: Number(row.grams),
        millimetres: Number(row.millimetres),
      }));
    },

    async sumTimeByPrinter(workspaceId: number, range: StatsRange): Promise<PrinterTimeRow[]> {
      const rows = await jobsIn(workspaceId, range)
        .select([
          'printer_id',
          'printer_name',
          sql<number>`count(*)`.as('jobs'),
          sql<number>`coalesce(sum(case when outcome = 'done' then cast(printing_time_sec as double precision) end), 0)`.as(
            'done_seconds',
          ),
        ])
        .groupBy(['printer_id', 'printer_name'])
        .execute();
      return rows.map((row) => ({
        printerId: row.printer_id,
        printerName: row.printer_name,
        jobs: Number(row.jobs),
        doneSeconds: Number(row.done_seconds),
      }));
    },

    /** Jobs that did not finish and have estimates: they count with their elapsed share. */
    listUnfinishedJobs: (workspaceId: number, range: StatsRange) =>
      listUnfinishedJobsInRange(db, workspaceId, range),
  };
}

export type StatsChartsRepository = ReturnType<typeof createStatsChartsRepository>;
