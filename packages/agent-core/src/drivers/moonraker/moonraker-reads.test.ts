import { describe, expect, it } from 'vitest';
import { withNewerDiffs, type StatusDiffSeen } from './moonraker-reads.js';

const printing = { print_stats: { state: 'printing', filename: 'cube.gcode' } };
const diff = (state: string, eventtime: number | null, arrival: number): StatusDiffSeen => ({
  diff: { print_stats: { state } },
  eventtime,
  arrival,
});

describe('withNewerDiffs: a subscription answer and the diffs handled while it came', () => {
  it('keeps a cancel that came after the answer (handled before the read resumed)', () => {
    // the simulator at speed 0: every eventtime the same, only the order tells
    const status = withNewerDiffs({ status: printing, eventtime: 10, arrival: 4 }, [
      diff('printing', 10, 3),
      diff('cancelled', 10, 5),
    ]);
    expect(status.print_stats).toEqual({ state: 'cancelled', filename: 'cube.gcode' });
  });

  it('keeps a diff that came before the answer but is newer by Klipper’s clock', () => {
    const status = withNewerDiffs({ status: printing, eventtime: 10.25, arrival: 4 }, [
      diff('cancelled', 10.5, 3),
    ]);
    expect(status.print_stats?.state).toBe('cancelled');
  });

  it('drops diffs older than the answer: the answer already holds what they said and more', () => {
    const status = withNewerDiffs({ status: printing, eventtime: 10.25, arrival: 4 }, [
      diff('paused', 10, 2),
      diff('standby', null, 3),
    ]);
    expect(status).toBe(printing);
  });
});
