import {
  STATS_DAY_BUCKETS_MAX,
  type StatsBucket,
  type StatsPeriod,
  type StatsPrinter,
  type WorkspaceStatsCharts,
  type WorkspaceStatsChartsQuery,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { JobRollupsRepository } from './job-rollups.js';
import { DAY_MS, dayOf, resolveStatsRange, startOfDay } from './stats-range.js';

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The Monday (UTC) of the week a day belongs to. */
export function weekStartOf(day: string): string {
  const ms = startOfDay(day);
  const sinceMonday = (new Date(ms).getUTCDay() + 6) % 7;
  return dayOf(new Date(ms - sinceMonday * DAY_MS));
}

/** Every period of the range in order, so that days without jobs show as zero. */
export function listPeriodStarts(from: string, to: string, bucket: StatsBucket): string[] {
  const step = bucket === 'day' ? 1 : 7;
  const first = bucket === 'day' ? from : weekStartOf(from);
  const starts: string[] = [];
  for (let ms = startOfDay(first); ms <= startOfDay(to); ms += step * DAY_MS) {
    starts.push(dayOf(new Date(ms)));
  }
  return starts;
}

const emptyPeriod = (start: string): StatsPeriod => ({
  start,
  done: 0,
  cancelled: 0,
  failed: 0,
  other: 0,
  filament_used_g: 0,
  filament_used_mm: 0,
});

/**
 * The statistics page's charts over the same jobs and rules as its figures (stats.service.ts):
 * jobs per day or week by outcome, filament used, and printing time and cost per printer.
 */
export function createStatsChartsService(deps: {
  rollups: JobRollupsRepository;
  workspaces: WorkspacesService;
  clock: Clock;
}) {
  const { rollups, workspaces, clock } = deps;

  return {
    async getWorkspaceStatsCharts(
      userId: number,
      workspaceId: number,
      query: WorkspaceStatsChartsQuery,
    ): Promise<WorkspaceStatsCharts> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const now = clock.now();
      const range = resolveStatsRange(query, now);
      const bucket = query.bucket ?? (range.spanDays <= STATS_DAY_BUCKETS_MAX ? 'day' : 'week');
      const periodOf = (day: string) => (bucket === 'day' ? day : weekStartOf(day));
      const [byDay, byPrinter, currency] = await Promise.all([
        rollups.listDayTotals(workspaceId, range, now.getTime()),
        rollups.listPrinterTotals(workspaceId, range, now.getTime()),
        rollups.findCurrency(workspaceId),
      ]);

      const periods = new Map(
        listPeriodStarts(range.from, range.to, bucket).map((start) => [start, emptyPeriod(start)]),
      );
      for (const row of byDay) {
        const period = periods.get(periodOf(row.day));
        if (!period) continue;
        // the elapsed share of the estimates of jobs that did not finish
        period.filament_used_g += row.share_grams;
        period.filament_used_mm += row.share_millimetres;
        if (row.outcome === 'done') {
          period.done += row.jobs;
          period.filament_used_g += row.grams;
          period.filament_used_mm += row.millimetres;
        } else if (row.outcome === 'cancelled' || row.outcome === 'failed') {
          period[row.outcome] += row.jobs;
        } else {
          period.other += row.jobs;
        }
      }

      const printers = new Map<string, StatsPrinter>();
      const printerKey = (id: number | null, name: string) => `${id ?? ''}|${name}`;
      for (const row of byPrinter) {
        const key = printerKey(row.printer_id, row.printer_name);
        const printer = printers.get(key) ?? {
          printer_id: row.printer_id,
          printer_name: row.printer_name,
          jobs: 0,
          printing_time_sec: 0,
          cost: 0,
        };
        printer.jobs += row.jobs;
        printer.cost += row.cost;
        printer.printing_time_sec += row.done_seconds + row.share_seconds;
        printers.set(key, printer);
      }

      return {
        date_from: range.from,
        date_to: range.to,
        bucket,
        currency,
        periods: [...periods.values()].map((period) => ({
          ...period,
          filament_used_g: round(period.filament_used_g, 2),
          filament_used_mm: round(period.filament_used_mm, 1),
        })),
        printers: [...printers.values()]
          .map((printer) => ({
            ...printer,
            printing_time_sec: Math.round(printer.printing_time_sec),
            cost: round(printer.cost, 2),
          }))
          .sort((a, b) => b.printing_time_sec - a.printing_time_sec || b.jobs - a.jobs),
      };
    },
  };
}

export type StatsChartsService = ReturnType<typeof createStatsChartsService>;
