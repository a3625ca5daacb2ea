import { describe, expect, it } from 'vitest';
import { splitIntoMonths } from './job-rollup-months.js';

const LATER = '2027-06-01';

describe('splitIntoMonths', () => {
  it('reads a year up to today as 3 days, 12 months and the current month (its future days hold nothing)', () => {
    expect(splitIntoMonths({ from: '2025-11-28', to: '2026-11-27' }, '2026-11-27')).toEqual({
      months: { from: '2025-12', to: '2026-11' },
      dayRanges: [{ from: '2025-11-28', to: '2025-11-30' }],
      subtractedDayRanges: [{ from: '2026-11-28', to: '2026-11-30' }],
    });
  });

  it('reads an edge month as its days in the range or as the month minus the days outside, whichever are fewer', () => {
    expect(splitIntoMonths({ from: '2024-02-10', to: '2024-05-20' }, LATER)).toEqual({
      months: { from: '2024-02', to: '2024-05' },
      dayRanges: [],
      subtractedDayRanges: [
        { from: '2024-02-01', to: '2024-02-09' },
        { from: '2024-05-21', to: '2024-05-31' },
      ],
    });
    expect(splitIntoMonths({ from: '2024-02-25', to: '2024-05-05' }, LATER)).toEqual({
      months: { from: '2024-03', to: '2024-04' },
      dayRanges: [
        { from: '2024-02-25', to: '2024-02-29' },
        { from: '2024-05-01', to: '2024-05-05' },
      ],
      subtractedDayRanges: [],
    });
    // as many days outside as inside: the days inside
    expect(splitIntoMonths({ from: '2026-01-15', to: '2026-02-14' }, LATER)).toEqual({
      months: { from: '2026-01', to: '2026-01' },
      dayRanges: [{ from: '2026-02-01', to: '2026-02-14' }],
      subtractedDayRanges: [{ from: '2026-01-01', to: '2026-01-14' }],
    });
  });

  it('reads whole months only when the range starts on a first and ends on a last day', () => {
    expect(splitIntoMonths({ from: '2024-01-01', to: '2024-12-31' }, LATER)).toEqual({
      months: { from: '2024-01', to: '2024-12' },
      dayRanges: [],
      subtractedDayRanges: [],
    });
    // a leap year's February ends on the 29th
    expect(splitIntoMonths({ from: '2024-02-01', to: '2024-02-29' }, LATER).months).toEqual({
      from: '2024-02',
      to: '2024-02',
    });
  });

  it('reads a range inside one month as its days, or as the month minus the days around it', () => {
    expect(splitIntoMonths({ from: '2026-03-05', to: '2026-03-05' }, LATER)).toEqual({
      months: null,
      dayRanges: [{ from: '2026-03-05', to: '2026-03-05' }],
      subtractedDayRanges: [],
    });
    expect(splitIntoMonths({ from: '2026-11-05', to: '2026-11-27' }, '2026-11-27')).toEqual({
      months: { from: '2026-11', to: '2026-11' },
      dayRanges: [],
      subtractedDayRanges: [
        { from: '2026-11-01', to: '2026-11-04' },
        { from: '2026-11-28', to: '2026-11-30' },
      ],
    });
  });

  it('crosses a year’s end', () => {
    expect(splitIntoMonths({ from: '2025-12-01', to: '2026-01-03' }, LATER)).toEqual({
      months: { from: '2025-12', to: '2025-12' },
      dayRanges: [{ from: '2026-01-01', to: '2026-01-03' }],
      subtractedDayRanges: [],
    });
  });
});
