import { describe, expect, it } from 'vitest';
import { isDigested, nextDigestAt } from './notification-digest.js';
import { renderNotification } from './notification-messages.js';

const setting = { timeZone: 'Europe/Prague', hour: 20, errorsPierce: true };

describe('the daily digest', () => {
  it('is due at the next local hour: today if still to come, else tomorrow', () => {
    // 10:00 UTC in January = 11:00 Prague → 20:00 Prague = 19:00 UTC
    expect(nextDigestAt(setting, new Date('2026-01-10T10:00:30Z')).toISOString()).toBe(
      '2026-01-10T19:00:00.000Z',
    );
    // 19:30 UTC = 20:30 Prague → tomorrow 20:00 Prague
    expect(nextDigestAt(setting, new Date('2026-01-10T19:30:00Z')).toISOString()).toBe(
      '2026-01-11T19:00:00.000Z',
    );
  });

  it('takes ordinary messages; failures only when they may not pierce; never tests', () => {
    expect(isDigested(setting, 'print_done')).toBe(true);
    expect(isDigested(setting, 'spool_low')).toBe(true);
    expect(isDigested(setting, 'print_failed')).toBe(false);
    expect(isDigested({ ...setting, errorsPierce: false }, 'print_failed')).toBe(true);
    expect(isDigested(setting, 'test')).toBe(false);
    expect(isDigested(null, 'print_done')).toBe(false);
  });

  it('says each held message on one line, in the member’s language, and how many more', () => {
    const digest = Array.from({ length: 32 }, (_, i) => ({
      kind: 'print_done' as const,
      workspace_name: 'Lab',
      printer_name: `MK4 ${i}`,
      file_name: 'benchy.gcode',
    }));
    const message = renderNotification('digest', { workspace_name: '', digest }, 'cs', 'https://p');
    expect(message.title).toBe('Denní souhrn z Printdecku');
    expect(message.lines[0]).toBe('Tisk dokončen: MK4 0 · benchy.gcode (Lab)');
    expect(message.lines).toHaveLength(31);
    expect(message.lines[30]).toBe('+2 další');
  });
});
