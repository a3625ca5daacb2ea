import { describe, expect, it } from 'vitest';
import {
  planReconcile,
  readEndReasonCode,
  REASONS,
  START_GRACE_S,
  type DeviceJobView,
} from './print-job-reconcile.js';
import type { PrintJobRow } from './print-jobs.repository.js';

const T0 = Date.parse('2026-05-01T10:00:00Z') / 1000;

function job(patch: Partial<PrintJobRow> = {}): PrintJobRow {
  return {
    id: 1,
    workspace_id: 1,
    file_id: 1,
    file_name: 'benchy.gcode',
    printer_id: 1,
    printer_name: 'MK4',
    device_key_id: 1,
    user_id: 1,
    username: 'ann',
    started_on: new Date(T0 * 1000).toISOString(),
    ended_on: null,
    outcome: 'printing',
    make_video: 0,
    video_state: null,
    filament_used_g: null,
    filament_used_mm: null,
    printing_time_sec: null,
    device_path: 'benchy.gcode',
    device_started_at: T0 + 5,
    started_on_printer: 0,
    end_reason: null,
    cost_filament: null,
    cost_energy: null,
    cost_machine: null,
    cost_total: null,
    cost_currency: null,
    energy_meter_start_wh: null,
    energy_kwh: null,
    ...patch,
  };
}

const view = (patch: Partial<DeviceJobView> = {}): DeviceJobView => ({
  isKnown: true,
  isActive: false,
  identity: null,
  outcome: null,
  ...patch,
});

const plan = (
  jobs: PrintJobRow[],
  v: DeviceJobView,
  nowS = T0 + 600,
  starting = new Set<number>(),
) => planReconcile({ jobs, view: v, nowS, starting });

describe('planReconcile', () => {
  const same = { path: 'benchy.gcode', started_at: T0 + 30 };

  it('keeps a job the printer still prints (start times within the tolerance)', () => {
    expect(plan([job()], view({ isActive: true, identity: same }))).toEqual([
      { kind: 'keep', jobId: 1 },
    ]);
  });

  it('ends with what the printer says when it shows the same print ended', () => {
    for (const outcome of ['done', 'cancelled', 'failed'] as const) {
      expect(plan([job()], view({ identity: same, outcome }))).toMatchObject([
        { kind: 'end', outcome },
      ]);
    }
  });

  it('ends unknown with the reason when the printer shows nothing or another print', () => {
    expect(plan([job()], view())).toMatchObject([
      { kind: 'end', outcome: 'unknown', reason: expect.stringContaining('no longer prints') },
    ]);
    const later = { path: 'benchy.gcode', started_at: T0 + 500 };
    expect(plan([job()], view({ isActive: true, identity: later }))).toMatchObject([
      { kind: 'end', outcome: 'unknown', reason: expect.stringContaining('another job') },
    ]);
    expect(
      plan([job()], view({ identity: { ...same, path: 'x.gcode' }, outcome: 'done' })),
    ).toMatchObject([{ kind: 'end', outcome: 'unknown' }]);
  });

  it('waits while the agent calls a fresh job running and the printer state lags behind', () => {
    const fresh = job({ device_started_at: T0 + 5 });
    const lagging = view({ identity: same, outcome: 'printing' });
    expect(plan([fresh], lagging, T0 + 30)).toEqual([]);
    expect(plan([fresh], lagging, T0 + START_GRACE_S + 30)).toMatchObject([
      { kind: 'end', outcome: 'unknown' },
    ]);
  });

  it('gives a start event that ran ahead of the state the grace period', () => {
    const fresh = job({ device_started_at: T0 + 5 });
    expect(plan([fresh], view(), T0 + 30)).toEqual([]);
    expect(plan([fresh], view(), T0 + START_GRACE_S + 10)).toMatchObject([
      { kind: 'end', outcome: 'unknown' },
    ]);
  });

  it('leaves a fresh copy alone while the state still shows the copy before it done (×60 farm)', () => {
    // issue 26: the next copy of the same file began a second after the one before ended; the
    // recheck after its start read the state sent before it began
    const next = job({ device_started_at: T0 + 6 });
    const before = view({
      identity: { path: 'benchy.gcode', started_at: T0 + 5 },
      outcome: 'done',
    });
    expect(plan([next], before, T0 + 7)).toEqual([]);
    // its own state ends it as ever
    const own = view({ identity: { path: 'benchy.gcode', started_at: T0 + 6 }, outcome: 'done' });
    expect(plan([next], own, T0 + 7)).toMatchObject([{ kind: 'end', outcome: 'done' }]);
    // and a print shown running is never taken for the one before
    const running = view({ isActive: true, identity: before.identity, outcome: 'printing' });
    expect(plan([next], running, T0 + 7)).toEqual([{ kind: 'keep', jobId: 1 }]);
  });

  it('keeps everything while the printer prints something it does not identify', () => {
    expect(plan([job(), job({ id: 2 })], view({ isActive: true }))).toEqual([
      { kind: 'keep', jobId: 1 },
      { kind: 'keep', jobId: 2 },
    ]);
  });

  it('adopts a handed-over job whose start was not seen when the printer prints its file', () => {
    const unconfirmed = job({ device_started_at: null });
    expect(plan([unconfirmed], view({ isActive: true, identity: same }))).toEqual([
      { kind: 'adopt', jobId: 1, identity: same },
    ]);
  });

  it('waits for a start on its way, then ends a job the printer never started', () => {
    const unconfirmed = job({ device_started_at: null });
    expect(plan([unconfirmed], view(), T0 + START_GRACE_S - 1)).toEqual([]);
    expect(plan([unconfirmed], view(), T0 + 600, new Set([1]))).toEqual([]);
    expect(plan([unconfirmed], view(), T0 + START_GRACE_S + 1)).toMatchObject([
      { kind: 'end', outcome: 'unknown', reason: 'The printer never reported starting this job.' },
    ]);
  });
});

describe('readEndReasonCode', () => {
  it('reads Printdeck’s own reasons as codes and anything else as the printer’s words', () => {
    expect(readEndReasonCode(null)).toBeNull();
    expect(readEndReasonCode(REASONS.gone)).toBe('gone');
    expect(readEndReasonCode(REASONS.replaced)).toBe('replaced');
    expect(readEndReasonCode(REASONS.neverStarted)).toBe('never_started');
    expect(readEndReasonCode(REASONS.reported('cancelled'))).toBe('reconciled');
    expect(readEndReasonCode(REASONS.lost(24))).toBe('lost');
    expect(readEndReasonCode('Thermal runaway on the bed')).toBe('printer');
  });
});
