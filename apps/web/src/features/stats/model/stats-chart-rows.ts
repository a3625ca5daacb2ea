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
  hours: number;
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

/** Printing hours of the printers that printed, most first, at most `limit`. */
export function toPrinterRows(charts: WorkspaceStatsCharts, limit = 15): PrinterRow[] {
  return charts.printers
    .filter((printer) => printer.printing_time_sec > 0)
    .slice(0, limit)
    .map((printer) => ({
      printer: printer.printer_name,
      hours: Math.round((printer.printing_time_sec / 3600) * 10) / 10,
    }));
}

export function hasJobs(charts: WorkspaceStatsCharts): boolean {
  return charts.periods.some((p) => p.done + p.cancelled + p.failed + p.other > 0);
}
