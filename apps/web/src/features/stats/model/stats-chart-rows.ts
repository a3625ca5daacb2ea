import type { StatsBucket, WorkspaceStatsCharts } from '@printdeck/shared';
import { formatDayMonth } from '../../../lib/format-date';

export interface PeriodRow {
  period: string;
  done: number;
  cancelled: number;
  failed: number;
  other: number;
  filament: number;
}

export interface PrinterRow {
  printer: string;
  /** printing time in the chart's unit */
  time: number;
}

/** Minutes while every printer printed less than an hour: "0.1 h" tells nothing. */
export type TimeUnit = 'minutes' | 'hours';

export interface PrinterRows {
  unit: TimeUnit;
  rows: PrinterRow[];
}

/** "12.3." for a day (spec part 2 §9's D.M.YYYY without the year); weeks by their Monday. */
export function formatPeriod(start: string, bucket: StatsBucket): string {
  const text = formatDayMonth(start);
  return bucket === 'week' ? `${text} –` : text;
}

export function toPeriodRows(charts: WorkspaceStatsCharts): PeriodRow[] {
  return charts.periods.map((period) => ({
    period: formatPeriod(period.start, charts.bucket),
    done: period.done,
    cancelled: period.cancelled,
    failed: period.failed,
    other: period.other,
    filament: Math.round(period.filament_used_g),
  }));
}

/**
 * Printing time of every printer that printed (a short or failed job counts: the printer is
 * never dropped), most first, at most `limit`; in minutes while all are below an hour.
 */
export function toPrinterRows(charts: WorkspaceStatsCharts, limit = 15): PrinterRows {
  const printers = charts.printers.filter((printer) => printer.jobs > 0).slice(0, limit);
  const longest = Math.max(0, ...printers.map((printer) => printer.printing_time_sec));
  const unit: TimeUnit = longest < 3600 ? 'minutes' : 'hours';
  const divisor = unit === 'minutes' ? 60 : 3600;
  return {
    unit,
    rows: printers.map((printer) => ({
      printer: printer.printer_name,
      time: Math.round((printer.printing_time_sec / divisor) * 10) / 10,
    })),
  };
}

export interface PrinterCostRow {
  printer: string;
  cost: number;
}

/** What each printer's ended jobs cost (issue 26), most first; none when nothing had a price. */
export function toPrinterCostRows(charts: WorkspaceStatsCharts, limit = 15): PrinterCostRow[] {
  return charts.printers
    .filter((printer) => printer.cost > 0)
    .sort((a, b) => b.cost - a.cost)
    .slice(0, limit)
    .map((printer) => ({ printer: printer.printer_name, cost: printer.cost }));
}

export function hasJobs(charts: WorkspaceStatsCharts): boolean {
  return charts.periods.some((p) => p.done + p.cancelled + p.failed + p.other > 0);
}
