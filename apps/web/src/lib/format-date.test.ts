import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('writes day and month without leading zeros', () => {
    expect(formatDate(new Date(2025, 2, 7, 13, 5))).toBe('7.3.2025');
  });

  it('writes two-digit day and month as they are', () => {
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('31.12.2024');
  });

  it('reads ISO strings in local time', () => {
    const local = new Date(2023, 0, 1, 12, 0);
    expect(formatDate(local.toISOString())).toBe('1.1.2023');
  });

  it('gives an empty text for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
