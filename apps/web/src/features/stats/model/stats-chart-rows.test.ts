import { describe, expect, it } from 'vitest';
import type { WorkspaceStatsCharts } from '@printdeck/shared';
import {
  formatPeriod,
  hasJobs,
  toPeriodRows,
  toPrinterCostRows,
  toPrinterRows,
} from './stats-chart-rows';

const charts: WorkspaceStatsCharts = {
  date_from: '2024-03-04',
  date_to: '2024-03-05',
  bucket: 'day',
  currency: 'EUR',
  periods: [
    {
      start: '2024-03-04',
      done: 2,
      cancelled: 0,
      failed: 1,
      other: 0,
      filament_used_g: 25.4,
      filament_used_mm: 7500,
    },
    {
      start: '2024-03-05',
      done: 0,
      cancelled: 0,
      failed: 0,
      other: 0,
      filament_used_g: 0,
      filament_used_mm: 0,
    },
  ],
  printers: [
    { printer_id: 1, printer_name: 'Voron', jobs: 3, printing_time_sec: 9900, cost: 4.2 },
    { printer_id: null, printer_name: 'Old', jobs: 1, printing_time_sec: 0, cost: 0 },
  ],
};

describe('statistics chart rows', () => {
  it('names periods D.M. in both languages, weeks by their Monday', () => {
    expect(formatPeriod('2024-03-04', 'day')).toBe('4.3.');
    expect(formatPeriod('2024-03-04', 'week')).toBe('4.3. –');
  });

  it('turns periods and printers into rows', () => {
    expect(toPeriodRows(charts)[0]).toEqual({
      period: '4.3.',
      done: 2,
      cancelled: 0,
      failed: 1,
      other: 0,
      filament: 25,
    });
    expect(toPrinterRows(charts)).toEqual({
      unit: 'hours',
      rows: [
        { printer: 'Voron', time: 2.8 },
        { printer: 'Old', time: 0 },
      ],
    });
    expect(hasJobs(charts)).toBe(true);
    expect(hasJobs({ ...charts, periods: [charts.periods[1]!] })).toBe(false);
  });
});

describe('printing time per printer', () => {
  it('keeps every printer that printed and counts in minutes below an hour', () => {
    const short: WorkspaceStatsCharts = {
      ...charts,
      printers: [
        { printer_id: 1, printer_name: 'Mini', jobs: 2, printing_time_sec: 1500, cost: 0 },
        { printer_id: 2, printer_name: 'Quick', jobs: 1, printing_time_sec: 90, cost: 0 },
        { printer_id: 3, printer_name: 'Idle', jobs: 0, printing_time_sec: 0, cost: 0 },
      ],
    };
    expect(toPrinterRows(short)).toEqual({
      unit: 'minutes',
      rows: [
        { printer: 'Mini', time: 25 },
        { printer: 'Quick', time: 1.5 },
      ],
    });
  });

  it('draws the cost of each printer that cost anything, most first (issue 26)', () => {
    const more = {
      ...charts,
      printers: [
        ...charts.printers,
        { printer_id: 2, printer_name: 'MK4', jobs: 5, printing_time_sec: 100, cost: 9.5 },
      ],
    };
    expect(toPrinterCostRows(more)).toEqual([
      { printer: 'MK4', cost: 9.5 },
      { printer: 'Voron', cost: 4.2 },
    ]);
    expect(toPrinterCostRows({ ...charts, printers: [charts.printers[1]!] })).toEqual([]);
  });
});
