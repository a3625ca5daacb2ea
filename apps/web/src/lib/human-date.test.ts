import { describe, expect, it } from 'vitest';
import { toHumanDate } from './human-date';

const NOW = new Date(2025, 2, 20, 12, 0, 0).getTime();
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('toHumanDate', () => {
  it('reads seconds, minutes, hours and days ago up to ten days', () => {
    expect(toHumanDate(ago(30_000), NOW)).toEqual({ kind: 'seconds' });
    expect(toHumanDate(ago(5 * MINUTE + 10), NOW)).toEqual({ kind: 'minutes', count: 5 });
    expect(toHumanDate(ago(3 * 60 * MINUTE), NOW)).toEqual({ kind: 'hours', count: 3 });
    expect(toHumanDate(ago(DAY), NOW)).toEqual({ kind: 'days', count: 1 });
    expect(toHumanDate(ago(10 * DAY), NOW)).toEqual({ kind: 'days', count: 10 });
  });

  it('shows the date D.M.YYYY when older than ten days', () => {
    expect(toHumanDate(new Date(2025, 2, 7, 9, 30), NOW)).toEqual({
      kind: 'date',
      text: '7.3.2025',
    });
  });

  it('treats a date in the future as now', () => {
    expect(toHumanDate(new Date(NOW + 5000), NOW)).toEqual({ kind: 'seconds' });
  });
});
