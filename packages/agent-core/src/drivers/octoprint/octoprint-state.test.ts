import { describe, expect, it } from 'vitest';
import { derivePrinterState, DeviceStateSchema, type PrinterState } from '@printdeck/shared';
import {
  flagsFromText,
  normaliseJob,
  normaliseOctoPrintState,
  type OctoPrintModel,
} from './octoprint-state.js';

const MODEL: OctoPrintModel = {
  isReachable: true,
  isPermissionDenied: false,
  isReadOnlyKey: false,
  stateText: 'Operational',
  flags: null,
  job: null,
  progress: null,
  error: null,
  tracked: null,
  temperature: { tool0: { actual: 21.3, target: 0 }, bed: { actual: 21.3, target: 0 } },
  psu: { isInstalled: true, isOn: true },
  hasCamera: true,
  led: { isSupported: false, isOn: null },
  localIpAddress: '192.168.1.20',
};

/** The flags OctoPrint 1.11 sends with each text (reference A.2), as `state.flags` carries them. */
function octoprintFlags(set: string[]): Record<string, boolean> {
  const all = ['operational', 'printing', 'cancelling', 'pausing', 'resuming', 'finishing'];
  const keys = [...all, 'closedOrError', 'error', 'paused', 'ready', 'sdReady'];
  return Object.fromEntries(keys.map((key) => [key, set.includes(key)]));
}

/** Reference A.2: text, the flags that are true, the printer state and whether it is paired. */
const A2_ROWS: Array<[string, string[], PrinterState, boolean]> = [
  ['Offline', ['closedOrError'], 'PRINTER_NOT_PAIRED', false],
  ['Opening serial connection', [], 'PRINTER_NOT_PAIRED', false],
  ['Detecting serial connection', [], 'PRINTER_NOT_PAIRED', false],
  ['Connecting', [], 'PRINTER_NOT_PAIRED', false],
  ['Operational', ['operational', 'ready'], 'READY_TO_PRINT', true],
  ['Starting', ['operational', 'printing'], 'PRINTING', true],
  ['Printing', ['operational', 'printing'], 'PRINTING', true],
  ['Printing from SD', ['operational', 'printing'], 'PRINTING', true],
  ['Starting print from SD', ['operational', 'printing'], 'PRINTING', true],
  ['Sending file to SD', ['operational', 'printing'], 'PRINTING', true],
  ['Transferring file to SD', ['operational', 'printing'], 'PRINTING', true],
  ['Pausing', ['operational', 'printing', 'pausing'], 'PRINTING', true],
  ['Paused', ['operational', 'paused'], 'PAUSED', true],
  ['Resuming', ['operational', 'printing', 'resuming'], 'PRINTING', true],
  ['Cancelling', ['operational', 'printing', 'cancelling'], 'CANCELLING', true],
  ['Finishing', ['operational', 'printing', 'finishing'], 'PRINTING', true],
  ['Error', ['error', 'closedOrError'], 'ERROR', true],
  // ⚠ flags.error is false once the comm object is gone
  ['Offline after error', ['closedOrError'], 'PRINTER_NOT_PAIRED', false],
];

const derive = (model: OctoPrintModel) => {
  const state = DeviceStateSchema.parse(normaliseOctoPrintState(model));
  return { state, printerState: derivePrinterState({ isConnected: true, state }).printerState };
};

describe('normaliseOctoPrintState: every state row of reference A.2', () => {
  it.each(A2_ROWS)('%s with its flags', (text, set, expected, isPaired) => {
    const { state, printerState } = derive({
      ...MODEL,
      stateText: text,
      flags: octoprintFlags(set),
    });
    expect(printerState).toBe(expected);
    expect(state.is_paired).toBe(isPaired);
    expect(state.state.text).toBe(text);
    expect(state.error).toBeNull();
  });

  it.each(A2_ROWS)('%s from the text alone (/api/job has no flags)', (text, set, expected) => {
    const { printerState } = derive({ ...MODEL, stateText: text, flags: null });
    expect(printerState).toBe(expected);
    const flags = flagsFromText(text);
    for (const key of Object.keys(flags) as Array<keyof typeof flags>) {
      expect(flags[key], key).toBe(set.includes(key));
    }
  });

  it('reads OctoPrint 2.0 (printing also true while paused) as paused', () => {
    const flags = octoprintFlags(['operational', 'printing', 'paused']);
    const { state, printerState } = derive({ ...MODEL, stateText: 'Paused', flags });
    expect(printerState).toBe('PAUSED');
    expect(state.state.flags.printing).toBe(false);
  });

  it('reads the pre-1.6 text "Error: <message>" as an error', () => {
    expect(derive({ ...MODEL, stateText: 'Error: Printer halted' }).printerState).toBe('ERROR');
    const flags = octoprintFlags(['closedOrError']);
    expect(derive({ ...MODEL, stateText: 'Error: MAXTEMP', flags }).printerState).toBe('ERROR');
  });

  it('a text it does not know is not ready, not printing, not failed', () => {
    const { state, printerState } = derive({ ...MODEL, stateText: 'Something new' });
    expect(printerState).toBe('PRINTER_NOT_PAIRED');
    expect(state.state.flags.error).toBe(false);
  });
});

describe('normaliseOctoPrintState: the host itself', () => {
  it('an OctoPrint that does not answer is unknown (printer-unreachable), never failed', () => {
    const { state, printerState } = derive({ ...MODEL, isReachable: false, stateText: 'Printing' });
    expect(state.error).toEqual({ code: 'printer-unreachable', detail: expect.any(String) });
    expect(state.is_paired).toBe(false);
    expect(state.state.flags).toMatchObject({ error: false, printing: false, ready: false });
    expect(state.job).toBeNull();
    expect(state.plugins).toMatchObject({ power_relay: true, power_on: null });
    expect(printerState).toBe('PRINTER_NOT_PAIRED');
  });

  it('a refused API key (403) is permission-denied', () => {
    const { state, printerState } = derive({ ...MODEL, isPermissionDenied: true });
    expect(state.error?.code).toBe('permission-denied');
    expect(printerState).toBe('OCTOPRINT_PERMISSION_DENIED');
  });

  it('reports plugins, lights and the local address', () => {
    const { state } = derive({ ...MODEL, led: { isSupported: true, isOn: true } });
    expect(state.plugins).toEqual({
      power_relay: true,
      power_on: true,
      led: true,
      spectoda: false,
      camera: true,
    });
    expect(state.lights).toEqual({ led_on: true });
    expect(state.local_ip_address).toBe('192.168.1.20');
    expect(state.klipper).toBeNull();
    const bare = derive({ ...MODEL, psu: { isInstalled: false, isOn: null } }).state;
    expect(bare.plugins).toMatchObject({ power_relay: false, power_on: null, led: false });
    expect(bare.lights).toEqual({ led_on: null });
  });
});

describe('normaliseJob (reference A.3.8)', () => {
  it('keeps completion as a percentage and the times in seconds', () => {
    const job = {
      file: { name: 'benchy.gcode', display: 'Benchy.gcode', path: 'prints/benchy.gcode' },
    };
    const progress = { completion: 23.46, printTime: 1290, printTimeLeft: 4105 };
    expect(normaliseJob(job, progress)).toEqual({
      file_name: 'Benchy.gcode',
      completion: 23.46,
      print_time: 1290,
      print_time_left: 4105,
      path: 'prints/benchy.gcode',
      started_at: null,
      outcome: null,
    });
  });

  it('carries the identity and outcome the agent follows for the same file only', () => {
    const job = { file: { name: 'a.gcode', path: 'a.gcode' } };
    const tracked = { path: 'a.gcode', startedAt: 1_700_000_000, outcome: 'printing' as const };
    expect(normaliseJob(job, { completion: 5 }, tracked)).toMatchObject({
      path: 'a.gcode',
      started_at: 1_700_000_000,
      outcome: 'printing',
    });
    expect(
      normaliseJob({ file: { name: 'b.gcode', path: 'b.gcode' } }, { completion: 5 }, tracked),
    ).toMatchObject({ path: 'b.gcode', started_at: null, outcome: null });
  });

  it('null-filled job and progress (no file selected) is no job', () => {
    const job = { file: { name: null, display: null, path: null, size: null } };
    const progress = { completion: null, printTime: null, printTimeLeft: null };
    expect(normaliseJob(job, progress)).toBeNull();
    expect(normaliseJob(undefined, undefined)).toBeNull();
  });

  it('after a cancel the file stays selected with null progress', () => {
    expect(normaliseJob({ file: { name: 'a.gcode' } }, { completion: null })).toEqual({
      file_name: 'a.gcode',
      completion: null,
      print_time: null,
      print_time_left: null,
      path: null,
      started_at: null,
      outcome: null,
    });
  });

  it('clamps nonsense: completion over 100, negative times', () => {
    expect(
      normaliseJob({ file: { name: 'a.gcode' } }, { completion: 100.4, printTime: -3 }),
    ).toMatchObject({ completion: 100, print_time: 0 });
  });
});
