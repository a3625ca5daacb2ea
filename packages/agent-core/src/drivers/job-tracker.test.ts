import { describe, expect, it } from 'vitest';
import { JobTracker } from './job-tracker.js';

describe('JobTracker', () => {
  it('estimates the start once and keeps it while the print runs, through pauses', () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    expect(tracker.observeActive('a.gcode', { elapsedS: 100, isPaused: false })).toStrictEqual({
      path: 'a.gcode',
      startedAt: 900,
      outcome: 'printing',
    });
    now = 5000; // OctoPrint's printTime left out a long pause: the estimate would move
    expect(tracker.observeActive('a.gcode', { elapsedS: 200, isPaused: true })).toMatchObject({
      startedAt: 900,
      outcome: 'paused',
    });
    expect(tracker.end('done')).toMatchObject({ startedAt: 900, outcome: 'done' });
    expect(tracker.end('failed')).toBeNull(); // ended once, with a word
  });

  it('a new print of the same file after the end is a new job', () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    tracker.observeActive('a.gcode', { elapsedS: 0, isPaused: false });
    tracker.end(null);
    now = 2000;
    expect(tracker.observeActive('a.gcode', { elapsedS: 5, isPaused: false })).toMatchObject({
      startedAt: 1995,
    });
  });

  it('an end without a word takes the word that comes after it', () => {
    const tracker = new JobTracker(() => 100);
    tracker.observeActive('a.gcode', { elapsedS: 0, isPaused: false });
    expect(tracker.end(null)).toMatchObject({ outcome: null });
    expect(tracker.isActive()).toBe(false);
    expect(tracker.end('cancelled')).toMatchObject({ outcome: 'cancelled' });
  });

  it("with the printer's own start (Klipper), a start far from the known one is another print", () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    tracker.observeActive('a.gcode', { elapsedS: 10, isPaused: false, printerStart: 500 });
    now = 5000;
    // the same print on the printer's clock, however the agent's estimate moved
    expect(
      tracker.observeActive('a.gcode', { elapsedS: 99_999, isPaused: false, printerStart: 501 })
        .startedAt,
    ).toBe(990);
    expect(
      tracker.observeActive('a.gcode', { elapsedS: 20, isPaused: false, printerStart: 4500 })
        .startedAt,
    ).toBe(4980);
  });

  it('a print of the same file again, even within the same second, starts later (issue 30)', () => {
    const tracker = new JobTracker(() => 1000);
    const first = tracker.announceStart('a.gcode');
    tracker.end('cancelled');
    const second = tracker.announceStart('a.gcode');
    expect(second.startedAt).toBe(first.startedAt + 1);
  });

  it('a start event after a state that showed the print starting is that print', () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    const shown = tracker.observeActive('a.gcode', { elapsedS: 0, isPaused: false });
    now = 1001;
    expect(tracker.announceStart('a.gcode')).toBe(shown);
    // a second start event is a new print, however close
    expect(tracker.announceStart('a.gcode')).not.toBe(shown);
  });

  it('the file position going back is a new print of the same file', () => {
    const tracker = new JobTracker(() => 1000);
    const first = tracker.observeActive('a.gcode', {
      elapsedS: 30,
      isPaused: false,
      position: 900,
    });
    expect(tracker.observeActive('a.gcode', { elapsedS: 31, isPaused: false, position: 950 })).toBe(
      first,
    );
    const second = tracker.observeActive('a.gcode', { elapsedS: 1, isPaused: false, position: 10 });
    expect(second).not.toBe(first);
    expect(second.startedAt).toBeGreaterThan(first.startedAt);
  });

  it("an end's print time may run ahead of the agent's clock at the printer's own pace (a simulator at ×20)", () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    tracker.announceStart('a.gcode');
    now = 1000.5;
    tracker.observeActive('a.gcode', { elapsedS: 10, isPaused: false });
    now = 1001.5;
    tracker.observeActive('a.gcode', { elapsedS: 30, isPaused: false });
    now = 1002;
    // 1.5 s later on the agent's clock the print has run 40 s on the printer's
    expect(tracker.mayHaveRun(40, 2)).toBe(true);
    expect(tracker.mayHaveRun(600, 2)).toBe(false); // an earlier, longer print of the file
  });

  it('at real speed a print time longer than the job has run is an earlier print', () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    tracker.announceStart('a.gcode');
    now = 1001;
    tracker.observeActive('a.gcode', { elapsedS: 1, isPaused: false });
    now = 1003;
    tracker.observeActive('a.gcode', { elapsedS: 3, isPaused: false });
    expect(tracker.mayHaveRun(4, 2)).toBe(true);
    expect(tracker.mayHaveRun(300, 2)).toBe(false); // the cancelled print before it
  });

  it('an end whose print time cannot be compared yet is the current print (shorter than a state push at ×60)', () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    tracker.announceStart('a.gcode');
    now = 1000.5;
    // no elapsed time shown: the printer's pace is not known, its 30 s may be this half second
    expect(tracker.mayHaveRun(30, 2)).toBe(true);
  });

  it("the printer's pace read on one print bounds the next print's end", () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    tracker.announceStart('a.gcode');
    tracker.observeActive('a.gcode', { elapsedS: 0, isPaused: false });
    now = 1001;
    tracker.observeActive('a.gcode', { elapsedS: 60, isPaused: false });
    tracker.end('done');
    now = 1002;
    tracker.announceStart('a.gcode');
    now = 1002.2;
    // before this print shows its elapsed time: not comparable yet
    expect(tracker.mayHaveRun(3600, 2)).toBe(true);
    tracker.observeActive('a.gcode', { elapsedS: 6, isPaused: false });
    now = 1002.5;
    expect(tracker.mayHaveRun(30, 2)).toBe(true); // half a second at ×60
    expect(tracker.mayHaveRun(3600, 2)).toBe(false); // an earlier, longer print of the file
  });

  it('a window read while the printer heated (its print time standing still) does not slow the pace', () => {
    let now = 1000;
    const tracker = new JobTracker(() => now);
    tracker.announceStart('a.gcode');
    tracker.observeActive('a.gcode', { elapsedS: 0, isPaused: false });
    now = 1001;
    tracker.observeActive('a.gcode', { elapsedS: 60, isPaused: false });
    tracker.end('done');
    tracker.announceStart('a.gcode');
    tracker.observeActive('a.gcode', { elapsedS: 0, isPaused: false });
    now = 1001.5;
    tracker.observeActive('a.gcode', { elapsedS: 0, isPaused: false }); // heating
    now = 1001.6;
    expect(tracker.mayHaveRun(30, 2)).toBe(true);
  });
});
