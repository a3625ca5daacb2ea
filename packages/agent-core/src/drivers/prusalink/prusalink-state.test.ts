import { describe, expect, it } from 'vitest';
import { derivePrinterState } from '@printdeck/shared';
import type { JobEvent } from '../driver.js';
import { PrusaLinkJobFollower } from './prusalink-job-follower.js';
import {
  changeFromStatus,
  initialPrusaLinkModel,
  jobFilePath,
  normalisePrusaLinkState,
  PRUSALINK_STATES,
  readPrusaLinkState,
  type PrusaLinkModel,
  type PrusaLinkState,
} from './prusalink-state.js';

function modelIn(state: PrusaLinkState, job: PrusaLinkModel['job'] = null): PrusaLinkModel {
  return { ...initialPrusaLinkModel(null), isReachable: true, state, job };
}

const printed = (state: PrusaLinkState) =>
  derivePrinterState({ isConnected: true, state: normalisePrusaLinkState(modelIn(state)) })
    .printerState;

describe('PrusaLink states in Printdeck', () => {
  it('maps each printer state (reference §3.5)', () => {
    const mapped = Object.fromEntries(PRUSALINK_STATES.map((state) => [state, printed(state)]));
    expect(mapped).toEqual({
      IDLE: 'READY_TO_PRINT',
      READY: 'READY_TO_PRINT',
      FINISHED: 'READY_TO_PRINT',
      STOPPED: 'READY_TO_PRINT',
      BUSY: 'STATE_UNKNOWN',
      PRINTING: 'PRINTING',
      PAUSED: 'PAUSED',
      ATTENTION: 'PAUSED',
      ERROR: 'ERROR',
      UNKNOWN: 'PRINTER_NOT_PAIRED',
    });
  });

  it('reads an unknown word as UNKNOWN, never as a state it is not', () => {
    expect(readPrusaLinkState('PRINTING')).toBe('PRINTING');
    expect(readPrusaLinkState('printing')).toBe('UNKNOWN');
    expect(readPrusaLinkState(42)).toBe('UNKNOWN');
  });

  it('reads Buddy’s status: temperatures, job numbers, time_remaining missing is null', () => {
    const change = changeFromStatus(
      {
        job: { id: 231, progress: 42, time_printing: 1310 },
        printer: { state: 'PRINTING', temp_nozzle: 215.1, target_nozzle: 215, temp_bed: 60 },
      },
      null,
    );
    expect(change).toEqual({
      state: 'PRINTING',
      temperature: {
        tool0: { actual: 215.1, target: 215 },
        bed: { actual: 60, target: null },
      },
      job: {
        id: 231,
        progress: 42,
        timePrinting: 1310,
        timeRemaining: null,
        path: null,
        displayName: null,
      },
    });
  });

  it('names the job’s file by its long name in its folder, without the storage', () => {
    expect(
      jobFilePath({
        file: { name: 'BENCHY~1.BGC', display_name: 'benchy.bgcode', path: '/usb/models' },
      }),
    ).toEqual({ path: 'models/benchy.bgcode', displayName: 'benchy.bgcode' });
    expect(jobFilePath(null)).toBeNull();
  });

  it('an unreachable printer is unknown, not an error', () => {
    const state = normalisePrusaLinkState(initialPrusaLinkModel(null));
    expect(state.error?.code).toBe('printer-unreachable');
    expect(state.state.flags.error).toBe(false);
  });
});

describe('PrusaLink job follower', () => {
  const job = (id: number) => ({
    id,
    progress: 10,
    timePrinting: 5,
    timeRemaining: 100,
    path: 'a.gcode',
    displayName: 'a.gcode',
  });

  function follow(...steps: Array<[PrusaLinkState, number | null] | 'lost'>): JobEvent[] {
    const events: JobEvent[] = [];
    const follower = new PrusaLinkJobFollower((event) => events.push(event));
    for (const step of steps) {
      if (step === 'lost') follower.follow({ ...modelIn('UNKNOWN'), isReachable: false });
      else follower.follow(modelIn(step[0], step[1] === null ? null : job(step[1])));
    }
    return events;
  }
  const names = (events: JobEvent[]) => events.map((event) => event.name);

  it('ends a job once: FINISHED done, STOPPED cancelled, repeated polls add nothing', () => {
    expect(
      names(follow(['PRINTING', 1], ['FINISHED', null], ['FINISHED', null], ['IDLE', null])),
    ).toEqual(['job_started', 'job_finished']);
    expect(names(follow(['PAUSED', 1], ['STOPPED', null], ['IDLE', null]))).toEqual([
      'job_started',
      'job_cancelled',
    ]);
  });

  it('ERROR keeps the job open; back to IDLE from there is failed', () => {
    expect(
      names(follow(['PRINTING', 1], ['ERROR', null], ['ERROR', null], ['IDLE', null])),
    ).toEqual(['job_started', 'job_failed']);
  });

  it('a lost link changes nothing; straight to IDLE or a new id is an end without a word', () => {
    expect(names(follow(['PRINTING', 1], 'lost', 'lost', ['PRINTING', 1]))).toEqual([
      'job_started',
    ]);
    expect(names(follow(['PRINTING', 1], 'lost', ['IDLE', null]))).toEqual(['job_started']);
    expect(names(follow(['PRINTING', 1], ['PRINTING', 2]))).toEqual(['job_started', 'job_started']);
  });
});
