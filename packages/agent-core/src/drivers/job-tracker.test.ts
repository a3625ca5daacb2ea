import { describe, expect, it } from 'vitest';
import { JobTracker } from './job-tracker.js';

describe('JobTracker', () => {
  it('estimates the start once and keeps it while the print runs, through pauses', () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    expect(tracker.observeActive('a.gcode', 100, false)).toStrictEqual({
      path: 'a.gcode',
      startedAt: 900,
      outcome: 'printing',
    });
    now = 5000; // OctoPrint's printTime left out a long pause: the estimate would move
    expect(tracker.observeActive('a.gcode', 200, true)).toMatchObject({
      startedAt: 900,
      outcome: 'paused',
    });
    expect(tracker.end('done')).toMatchObject({ startedAt: 900, outcome: 'done' });
    expect(tracker.end('failed')).toBeNull(); // ended once, with a word
  });

  it('a new print of the same file after the end is a new job', () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    tracker.observeActive('a.gcode', 0, false);
    tracker.end(null);
    now = 2000;
    expect(tracker.observeActive('a.gcode', 5, false)).toMatchObject({ startedAt: 1995 });
  });

  it('an end without a word takes the word that comes after it', () => {
    const tracker = new JobTracker(() => 100);
    tracker.observeActive('a.gcode', 0, false);
    expect(tracker.end(null)).toMatchObject({ outcome: null });
    expect(tracker.isActive()).toBe(false);
    expect(tracker.end('cancelled')).toMatchObject({ outcome: 'cancelled' });
  });

  it("with the printer's own start (Klipper), a start far from the known one is another print", () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    tracker.observeActive('a.gcode', 10, false, 500);
    now = 5000;
    // the same print on the printer's clock, however the agent's estimate moved
    expect(tracker.observeActive('a.gcode', 99_999, false, 501).startedAt).toBe(990);
    expect(tracker.observeActive('a.gcode', 20, false, 4500).startedAt).toBe(4980);
  });
});
