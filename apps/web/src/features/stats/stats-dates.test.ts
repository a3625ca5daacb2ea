import { describe, expect, it } from 'vitest';
import { getDefaultStatsRange, getStatsRangeProblem, isStatsRangeValid } from './stats-dates';

describe('stats dates', () => {
  it('defaults to the last year up to today', () => {
    expect(getDefaultStatsRange(new Date(2026, 10, 21))).toEqual({
      dateFrom: '2025-11-21',
      dateTo: '2026-11-21',
    });
  });

  it('refuses a reversed or malformed range', () => {
    expect(isStatsRangeValid({ dateFrom: '2026-01-02', dateTo: '2026-01-01' })).toBe(false);
    expect(isStatsRangeValid({ dateFrom: '', dateTo: '2026-01-01' })).toBe(false);
    expect(isStatsRangeValid({ dateFrom: '2026-01-01', dateTo: '2026-01-01' })).toBe(true);
  });

  it('names the field that keeps the range from being asked for', () => {
    expect(getStatsRangeProblem({ dateFrom: '2026-01-02', dateTo: '2026-01-01' })).toEqual({
      field: 'dateTo',
      reason: 'beforeFrom',
    });
    expect(getStatsRangeProblem({ dateFrom: '', dateTo: '2026-01-01' })).toEqual({
      field: 'dateFrom',
      reason: 'missing',
    });
    expect(getStatsRangeProblem({ dateFrom: '2026-01-01', dateTo: '2026-1-1' })).toEqual({
      field: 'dateTo',
      reason: 'missing',
    });
    expect(getStatsRangeProblem({ dateFrom: '2026-01-01', dateTo: '2026-01-01' })).toBeNull();
  });
});
