import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../driver.js';
import { BambuJobFollower } from './bambu-job-follower.js';
import { mergeReport, parseReport } from './bambu-report.js';
import {
  hmsCodes,
  initialBambuModel,
  jobPath,
  nozzleReading,
  printErrorText,
  type BambuModel,
} from './bambu-state.js';

describe('mergeReport (reference §1.5)', () => {
  it('keeps what a delta leaves out, merges AMS trays by id, and resets an emptied slot', () => {
    const full = mergeReport(
      {},
      {
        command: 'push_status',
        gcode_state: 'RUNNING',
        nozzle_temper: 220,
        ams: {
          ams: [
            {
              id: '0',
              tray: [
                { id: '0', tray_type: 'PLA', remain: 60 },
                { id: '1', tray_type: 'PETG' },
              ],
            },
          ],
          tray_now: '0',
        },
        hms: [{ attr: 1, code: 2 }],
      },
    );
    const merged = mergeReport(full, {
      command: 'push_status',
      nozzle_temper: 219.5,
      ams: { ams: [{ id: '0', tray: [{ id: '0', remain: 59 }, { id: '1' }] }] },
      hms: [],
    });
    expect(merged).toMatchObject({ gcode_state: 'RUNNING', nozzle_temper: 219.5, hms: [] });
    expect(merged.ams).toEqual({
      ams: [{ id: '0', tray: [{ id: '0', tray_type: 'PLA', remain: 59 }, { id: '1' }] }],
      tray_now: '0',
    });
    expect(merged).not.toHaveProperty('command');
  });

  it('takes only JSON objects', () => {
    expect(parseReport(Buffer.from('{"print":{}}'))).toEqual({ print: {} });
    expect(parseReport(Buffer.from('[1]'))).toBeNull();
    expect(parseReport(Buffer.from([0xff, 0x00]))).toBeNull();
  });
});

describe('Bambu words', () => {
  it('writes print_error and HMS as the screen shows them (reference §1.9)', () => {
    expect(printErrorText(0x0300400c)).toBe('0300_400C');
    expect(hmsCodes({ hms: [{ attr: 117449472, code: 131076 }] })).toEqual([
      'HMS_0700_2300_0002_0004',
    ]);
  });

  it('names the job by the 3MF on the card; an X1 plate path by the subtask name', () => {
    expect(jobPath({ gcode_file: 'benchy.gcode.3mf' })).toBe('benchy.gcode.3mf');
    expect(jobPath({ gcode_file: '/data/Metadata/plate_1.gcode', subtask_name: 'benchy' })).toBe(
      'benchy.gcode.3mf',
    );
  });

  it('reads an H2D’s nozzles: target × 65536 + current while heating, plain °C when off (§1.6)', () => {
    const report = {
      device: {
        extruder: {
          info: [
            { id: 0, temp: 220 * 65536 + 198 },
            { id: 1, temp: 24 },
          ],
        },
      },
    };
    expect(nozzleReading(report, 0)).toEqual({ actual: 198, target: 220 });
    expect(nozzleReading(report, 1)).toEqual({ actual: 24, target: 0 });
    // a one-nozzle printer (no `device`) and a nozzle the report does not name
    expect(nozzleReading({ nozzle_temper: 200 }, 1)).toBeNull();
    expect(nozzleReading(report, 2)).toBeNull();
  });
});

describe('BambuJobFollower (reference §1.8)', () => {
  const model = (report: Record<string, unknown>): BambuModel => ({
    ...initialBambuModel(null),
    isReachable: true,
    hasReport: true,
    report: { gcode_file: 'a.gcode.3mf', subtask_id: '5', gcode_start_time: '1000', ...report },
  });

  it('ends a job once; a cancel word a frame after FAILED still makes it cancelled', () => {
    const events: JobEvent[] = [];
    const follower = new BambuJobFollower(
      (event) => events.push(event),
      () => 1_010_000,
    );
    follower.follow(model({ gcode_state: 'PREPARE' }));
    follower.follow(model({ gcode_state: 'RUNNING', gcode_start_time: '1005' }));
    follower.follow(model({ gcode_state: 'RUNNING', gcode_start_time: '1005' }));
    follower.follow(model({ gcode_state: 'FAILED', print_error: 0 }));
    follower.follow(model({ gcode_state: 'FAILED', print_error: 0x0300400c }));
    follower.follow(model({ gcode_state: 'FAILED', print_error: 0 }));
    follower.stop();
    expect(events.map((event) => event.name)).toEqual(['job_started', 'job_cancelled']);
  });

  it('a reprint of the same file (new gcode_start_time, ids "0") is a new job; an unreachable printer changes nothing', () => {
    const events: JobEvent[] = [];
    const follower = new BambuJobFollower(
      (event) => events.push(event),
      () => 2_000_000,
    );
    const screen = { subtask_id: '0', task_id: '0' };
    follower.follow(model({ ...screen, gcode_state: 'RUNNING', gcode_start_time: '1000' }));
    follower.follow({ ...model({ gcode_state: 'IDLE' }), isReachable: false });
    follower.follow(model({ ...screen, gcode_state: 'RUNNING', gcode_start_time: '1900' }));
    follower.follow(model({ ...screen, gcode_state: 'FINISH', gcode_start_time: '1900' }));
    expect(events.map((event) => event.name)).toEqual([
      'job_started',
      'job_started',
      'job_finished',
    ]);
    expect(events[1]!.startedAt).toBeGreaterThan(events[0]!.startedAt!);
  });
});
