import { describe, expect, it } from 'vitest';
import { splitIntoMonths } from './job-rollup-months.js';

describe('splitIntoMonths', () => {
  it('reads a year as its partial edge months’ days and the whole months between', () => {
    expect(splitIntoMonths({ from: '2025-11-28', to: '2026-11-27' })).toEqual({
      months: { from: '2025-12', to: '2026-10' },
      dayRanges: [
        { from: '2025-11-28', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-27' },
      ],
    });
  });

  it('reads whole months only when the range starts on a first and ends on a last day', () => {
    expect(splitIntoMonths({ from: '2024-01-01', to: '2024-12-31' })).toEqual({
      months: { from: '2024-01', to: '2024-12' },
      dayRanges: [],
    });
    // a leap year's February ends on the 29th
    expect(splitIntoMonths({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02', to: '2024-02' },
      dayRanges: [],
    });
    expect(splitIntoMonths({ from: '2024-02-01', to: '2024-02-28' }).months).toBeNull();
  });

  it('reads days only when no whole month lies inside the range', () => {
    expect(splitIntoMonths({ from: '2026-01-15', to: '2026-02-14' })).toEqual({
      months: null,
      dayRanges: [{ from: '2026-01-15', to: '2026-02-14' }],
    });
    expect(splitIntoMonths({ from: '2026-03-05', to: '2026-03-05' })).toEqual({
      months: null,
      dayRanges: [{ from: '2026-03-05', to: '2026-03-05' }],
    });
  });

  it('reads the days after the last whole month across a year’s end', () => {
    expect(splitIntoMonths({ from: '2025-12-01', to: '2026-01-10' })).toEqual({
      months: { from: '2025-12', to: '2025-12' },
      dayRanges: [{ from: '2026-01-01', to: '2026-01-10' }],
    });
  });
});
