import { describe, expect, it } from 'vitest';
import { toCsvCell } from '../print-jobs/print-log-export.js';
import { computeJobCost, elapsedHoursOf } from './print-cost.js';

describe('computeJobCost', () => {
  it('adds filament, energy and machine hours, each from its own price', () => {
    expect(
      computeJobCost({
        usage: [
          { grams: 12.5, cost_per_kg: 25 },
          { grams: 3.25, cost_per_kg: 40 },
        ],
        elapsedHours: 2,
        averagePowerW: 200,
        energyPriceKwh: 0.3,
        machineHourRate: 2,
      }),
    ).toEqual({ filament: 0.4425, energy: 0.12, machine: 4, total: 4.5625 });
  });

  it("prices the energy the printer's meter measured instead of its average power", () => {
    const inputs = {
      usage: [],
      elapsedHours: 2,
      averagePowerW: 200,
      energyPriceKwh: 0.3,
      machineHourRate: null,
    };
    // nominal: 0.2 kW × 2 h = 0.4 kWh; measured: 0.25 kWh
    expect(computeJobCost({ ...inputs, measuredKwh: 0.25 }).energy).toBe(0.075);
    expect(computeJobCost({ ...inputs, measuredKwh: null }).energy).toBe(0.12);
    // a meter without an average power set still prices the energy
    expect(computeJobCost({ ...inputs, averagePowerW: null, measuredKwh: 0.25 }).energy).toBe(
      0.075,
    );
  });

  it('leaves a part without its price out, and has no total when nothing is priced', () => {
    expect(
      computeJobCost({
        usage: [{ grams: 10, cost_per_kg: null }],
        elapsedHours: 1,
        averagePowerW: 150,
        energyPriceKwh: null,
        machineHourRate: 3,
      }),
    ).toEqual({ filament: null, energy: null, machine: 3, total: 3 });
    expect(
      computeJobCost({
        usage: [],
        elapsedHours: 1,
        averagePowerW: null,
        energyPriceKwh: 0.2,
        machineHourRate: null,
      }),
    ).toEqual({ filament: null, energy: null, machine: null, total: null });
  });

  it('counts a job by the time it really ran, never negative', () => {
    expect(
      elapsedHoursOf({ started_on: '2026-01-01T10:00:00Z', ended_on: '2026-01-01T11:30:00Z' }),
    ).toBe(1.5);
    expect(
      elapsedHoursOf({ started_on: '2026-01-01T10:00:00Z', ended_on: '2026-01-01T09:00:00Z' }),
    ).toBe(0);
    expect(elapsedHoursOf({ started_on: '2026-01-01T10:00:00Z', ended_on: null })).toBe(0);
  });
});

describe('toCsvCell', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(toCsvCell('plain')).toBe('plain');
    expect(toCsvCell('a,b')).toBe('"a,b"');
    expect(toCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(toCsvCell(null)).toBe('');
    expect(toCsvCell(4.43)).toBe('4.43');
    expect(toCsvCell(Number.NaN)).toBe('');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(toCsvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(toCsvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });
});
