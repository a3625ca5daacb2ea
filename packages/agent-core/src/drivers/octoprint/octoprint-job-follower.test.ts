import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../driver.js';
import { OctoPrintJobFollower } from './octoprint-job-follower.js';

describe('OctoPrint job follower', () => {
  it('a print that ends before any state showed it (a simulator at ×60) ends with its event', () => {
    const events: JobEvent[] = [];
    const follower = new OctoPrintJobFollower((event) => events.push(event));
    follower.onEvent('PrintStarted', { path: 'bracket.gcode' });
    // OctoPrint's print time: 30 s on the printer's clock, a moment on the agent's
    follower.onEvent('PrintDone', { path: 'bracket.gcode', time: 30 });
    expect(events.map((event) => event.name)).toEqual(['job_started', 'job_finished']);
    expect(events[1]).toMatchObject({ path: 'bracket.gcode', startedAt: events[0]!.startedAt });
    expect(follower.current?.outcome).toBe('done');
  });
});
