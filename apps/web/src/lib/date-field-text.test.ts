import { describe, expect, it } from 'vitest';
import { formatDayText, parseDayText, parseTimeText } from './date-field-text';

describe('date field text', () => {
  it('reads D.M.YYYY with or without spaces, and an ISO day', () => {
    expect(parseDayText('27.11.2026')).toBe('2026-11-27');
    expect(parseDayText(' 1. 2. 2026 ')).toBe('2026-02-01');
    expect(parseDayText('2026-02-01')).toBe('2026-02-01');
  });

  it('refuses days the calendar does not have and other orders', () => {
    expect(parseDayText('31.2.2026')).toBeNull();
    expect(parseDayText('29.2.2025')).toBeNull();
    expect(parseDayText('29.2.2024')).toBe('2024-02-29');
    expect(parseDayText('11/27/2026')).toBeNull();
    expect(parseDayText('27.11.')).toBeNull();
    expect(parseDayText('')).toBeNull();
  });

  it('writes a day as the spec does, and back again', () => {
    expect(formatDayText('2026-02-01')).toBe('1.2.2026');
    expect(parseDayText(formatDayText('2026-12-31'))).toBe('2026-12-31');
  });

  it('reads 24-hour times', () => {
    expect(parseTimeText('7:05')).toBe('07:05');
    expect(parseTimeText('23.59')).toBe('23:59');
    expect(parseTimeText('24:00')).toBeNull();
    expect(parseTimeText('7:5')).toBeNull();
    expect(parseTimeText('7:05 PM')).toBeNull();
  });
});
