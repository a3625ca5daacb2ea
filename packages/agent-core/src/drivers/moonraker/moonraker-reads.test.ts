import { describe, expect, it } from 'vitest';
import {
  keepDiff,
  latestEventtime,
  MAX_DIFFS_WHILE_SUBSCRIBING,
  withNewerDiffs,
  type DiffsWhileSubscribing,
  type StatusDiffSeen,
} from './moonraker-reads.js';

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

describe('keepDiff: the diffs kept while a subscription is on its way', () => {
  it('keeps them up to the cap; past it keeps none and says the answer must be read again', () => {
    const kept: DiffsWhileSubscribing = { seen: [], overflowed: false };
    for (let arrival = 1; arrival <= MAX_DIFFS_WHILE_SUBSCRIBING; arrival += 1) {
      keepDiff(kept, diff('printing', arrival, arrival));
    }
    expect(kept).toMatchObject({ overflowed: false });
    expect(kept.seen).toHaveLength(MAX_DIFFS_WHILE_SUBSCRIBING);

    keepDiff(kept, diff('cancelled', 1000, 1000));
    expect(kept.overflowed).toBe(true);
    expect(kept.seen).toHaveLength(MAX_DIFFS_WHILE_SUBSCRIBING);
    expect(kept.seen.at(-1)?.diff.print_stats).toEqual({ state: 'printing' });
  });
});

describe('latestEventtime: Klipper’s clock after a subscription', () => {
  it('is the latest among the answer and the kept diffs, and null when none carries one', () => {
    expect(
      latestEventtime({ eventtime: 10 }, [diff('printing', 12.5, 5), diff('x', null, 6)]),
    ).toBe(12.5);
    expect(latestEventtime({ eventtime: 10 }, [diff('printing', 9, 3)])).toBe(10);
    expect(latestEventtime({ eventtime: null }, [diff('printing', null, 3)])).toBeNull();
  });
});
