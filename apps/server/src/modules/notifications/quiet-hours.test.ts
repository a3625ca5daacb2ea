import { describe, expect, it } from 'vitest';
import { localMinutes, quietUntil, type QuietHours } from './quiet-hours.js';

const prague: QuietHours = {
  timeZone: 'Europe/Prague',
  start: '22:00',
  end: '07:00',
  errorsPierce: true,
};

describe('quiet hours', () => {
  it('reads the wall clock of the member’s time zone, not the server’s', () => {
    // 21:30 UTC in January is 22:30 in Prague (CET, UTC+1)
    expect(localMinutes(new Date('2026-01-10T21:30:00Z'), 'Europe/Prague')).toBe(22 * 60 + 30);
    expect(localMinutes(new Date('2026-01-10T21:30:00Z'), 'America/New_York')).toBe(16 * 60 + 30);
  });

  it('holds a message inside a window that crosses midnight until its end', () => {
    // 23:15 Prague → until 07:00 Prague = 06:00 UTC next day
    expect(quietUntil(prague, 'print_done', new Date('2026-01-10T22:15:30Z'))?.toISOString()).toBe(
      '2026-01-11T06:00:00.000Z',
    );
    // 05:00 Prague (after midnight) → 07:00 Prague
    expect(quietUntil(prague, 'spool_low', new Date('2026-01-11T04:00:00Z'))?.toISOString()).toBe(
      '2026-01-11T06:00:00.000Z',
    );
  });

  it('lets a message through outside the window, at its very end, and tests always', () => {
    expect(quietUntil(prague, 'print_done', new Date('2026-01-10T12:00:00Z'))).toBeNull();
    expect(quietUntil(prague, 'print_done', new Date('2026-01-11T06:00:00Z'))).toBeNull();
    expect(quietUntil(prague, 'test', new Date('2026-01-10T22:15:00Z'))).toBeNull();
  });

  it('lets errors pierce only when the member asked for it', () => {
    const at = new Date('2026-01-10T22:15:00Z');
    expect(quietUntil(prague, 'print_failed', at)).toBeNull();
    expect(quietUntil(prague, 'video_failed', at)).toBeNull();
    expect(quietUntil({ ...prague, errorsPierce: false }, 'print_failed', at)).not.toBeNull();
  });

  it('handles a daytime window and summer time', () => {
    const day = { ...prague, start: '09:00', end: '17:00' };
    // 10:00 UTC in July is 12:00 in Prague (CEST, UTC+2) → until 17:00 CEST = 15:00 UTC
    expect(quietUntil(day, 'print_done', new Date('2026-07-01T10:00:00Z'))?.toISOString()).toBe(
      '2026-07-01T15:00:00.000Z',
    );
    expect(quietUntil(day, 'print_done', new Date('2026-07-01T16:00:00Z'))).toBeNull();
  });
});
