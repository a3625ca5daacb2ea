import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime, formatDayMonth, formatTime } from './format-date';

describe('formatDate', () => {
  it('writes day and month without leading zeros', () => {
    expect(formatDate(new Date(2025, 2, 7, 13, 5))).toBe('7.3.2025');
  });

  it('writes two-digit day and month as they are', () => {
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('31.12.2024');
  });

  it('reads ISO strings and epoch milliseconds in local time', () => {
    const local = new Date(2023, 0, 1, 12, 0);
    expect(formatDate(local.toISOString())).toBe('1.1.2023');
    expect(formatDate(local.getTime())).toBe('1.1.2023');
  });

  it('gives an empty text for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });
});

describe('times', () => {
  it('writes HH:mm:ss with leading zeros, 24 hours', () => {
    expect(formatTime(new Date(2025, 2, 7, 9, 5, 7))).toBe('09:05:07');
    expect(formatTime(new Date(2025, 2, 7, 21, 45, 0))).toBe('21:45:00');
    expect(formatClock(new Date(2025, 2, 7, 21, 45, 59))).toBe('21:45');
  });

  it('joins date and time', () => {
    expect(formatDateTime(new Date(2025, 2, 7, 9, 5, 7))).toBe('7.3.2025 09:05:07');
  });
});

describe('formatDayMonth', () => {
  it('writes a calendar day as D.M.', () => {
    expect(formatDayMonth('2024-03-04')).toBe('4.3.');
    expect(formatDayMonth('2024-12-31')).toBe('31.12.');
    expect(formatDayMonth('March')).toBe('');
  });
});
