import { describe, expect, it } from 'vitest';
import { derivePrinterState, DeviceStateSchema, type PrinterState } from '@printdeck/shared';
import {
  normaliseMoonrakerJob,
  normaliseMoonrakerState,
  type MoonrakerModel,
} from './moonraker-state.js';

const KLIPPY_MESSAGES: Record<string, string> = {
  disconnected: 'Klippy Disconnected',
  startup: '\nPrinter is not ready\nThe klippy host software is attempting to connect.\n',
  ready: 'Printer is ready',
  error: "mcu 'mcu': Unable to connect\nError configuring printer\n",
  shutdown: 'Shutdown due to webhooks request\nPrinter is shutdown\n',
};

function model(klippy: string, jobState: string, overrides: Partial<MoonrakerModel> = {}) {
  return {
    isReachable: true,
    klippy: { state: klippy, message: KLIPPY_MESSAGES[klippy] ?? '' },
    status: {
      print_stats: { state: jobState, filename: 'benchy.gcode', print_duration: 120 },
      display_status: { progress: 0.25 },
      extruder: { temperature: 214.8, target: 215, power: 0.4 },
      heater_bed: { temperature: 59.9, target: 60, power: 0.3 },
      fan: { speed: 0.5 },
      toolhead: { homed_axes: 'xyz' },
    },
    lastProgress: null,
    tracked: null,
    power: { device: 'printer', status: 'on' },
    ledObject: null,
    hasCamera: true,
    localIpAddress: '192.168.1.30',
    refusal: null,
    ...overrides,
  } satisfies MoonrakerModel;
}

const JOB_STATES = ['standby', 'printing', 'paused', 'complete', 'cancelled', 'error'];

/** Reference B.2 "Product mapping": Klippy state × print_stats.state → printer state. */
const EXPECTED: Record<string, (job: string) => PrinterState> = {
  disconnected: () => 'PRINTER_NOT_PAIRED',
  startup: () => 'PRINTER_NOT_PAIRED',
  error: () => 'ERROR',
  shutdown: () => 'ERROR',
  ready: (job) =>
    job === 'printing' ? 'PRINTING' : job === 'paused' ? 'PAUSED' : 'READY_TO_PRINT',
};

const COMBINATIONS = Object.keys(EXPECTED).flatMap((klippy) =>
  JOB_STATES.map((job) => [klippy, job] as const),
);

const derive = (m: MoonrakerModel) => {
  const state = DeviceStateSchema.parse(normaliseMoonrakerState(m));
  return { state, printerState: derivePrinterState({ isConnected: true, state }).printerState };
};

describe('normaliseMoonrakerState: every Klippy × print_stats combination of reference B.2', () => {
  it.each(COMBINATIONS)('klippy %s, job %s', (klippy, job) => {
    const { state, printerState } = derive(model(klippy, job));
    expect(printerState).toBe(EXPECTED[klippy]!(job));
    expect(state.klipper).toEqual({ state: klippy, state_message: KLIPPY_MESSAGES[klippy] });
    expect(state.error).toBeNull();
    // Klipper has neither pausing nor cancelling
    expect(state.state.flags.pausing || state.state.flags.cancelling).toBe(false);
  });

  it('a ready printer with a sticky error job is idle, not failed', () => {
    const { state } = derive(model('ready', 'error'));
    expect(state.state).toMatchObject({
      text: 'Operational',
      flags: { ready: true, error: false },
    });
  });

  it('reads heaters, fan and homing into the same normalised state', () => {
    const { state } = derive(model('ready', 'printing'));
    expect(state.temperature).toEqual({
      tool0: { actual: 214.8, target: 215 },
      bed: { actual: 59.9, target: 60 },
    });
    expect(state.fan).toEqual({ speed: 0.5 });
    expect(state.homed_axes).toBe('xyz');
    expect(state.plugins).toMatchObject({ power_relay: true, power_on: true, camera: true });
    expect(state.plugins.led || state.plugins.spectoda).toBe(false);
  });

  it('reads the LED from its color_data', () => {
    const lit = model('ready', 'standby', { ledObject: 'led chamber_light' });
    lit.status = { ...lit.status, 'led chamber_light': { color_data: [[0, 0.5, 0, 0]] } };
    expect(derive(lit).state).toMatchObject({ plugins: { led: true }, lights: { led_on: true } });
    const dark = {
      ...lit,
      status: { ...lit.status, 'led chamber_light': { color_data: [[0, 0, 0, 0]] } },
    };
    expect(derive(dark).state.lights).toEqual({ led_on: false });
  });

  it('a printer whose power relay is off is not paired (so it can be turned on), not an error', () => {
    const off = model('shutdown', 'standby', { power: { device: 'printer', status: 'off' } });
    const { state, printerState } = derive(off);
    expect(printerState).toBe('PRINTER_NOT_PAIRED');
    expect(state.klipper?.state).toBe('shutdown');
    expect(state.plugins).toMatchObject({ power_relay: true, power_on: false });
    const relayForLights = model('ready', 'standby', {
      power: { device: 'lights', status: 'off' },
    });
    expect(derive(relayForLights).printerState).toBe('READY_TO_PRINT');
  });

  it('a klipper_device relay in "error" while Klipper is shut down is an ERROR, not unpowered (issue 10 #9)', () => {
    const shutdown = model('shutdown', 'paused', { power: { device: 'printer', status: 'error' } });
    const { state, printerState } = derive(shutdown);
    expect(printerState).toBe('ERROR');
    expect(state.plugins).toMatchObject({ power_relay: true, power_on: null });
  });

  it('a Klippy gone mid-print still tells how the job it followed ended', () => {
    const tracked = { path: 'benchy.gcode', startedAt: 1_700_000_000, outcome: 'failed' as const };
    const { state } = derive(model('disconnected', 'printing', { tracked }));
    expect(state.job).toMatchObject({
      path: 'benchy.gcode',
      started_at: 1_700_000_000,
      outcome: 'failed',
    });
  });

  it('without Klippy nothing about the printer is reported (no job followed)', () => {
    const { state } = derive(model('disconnected', 'printing'));
    expect(state.temperature).toEqual({ tool0: null, bed: null });
    expect(state.job).toBeNull();
    expect(state.homed_axes).toBeNull();
  });

  it('a Moonraker that does not answer is unknown (printer-unreachable), never failed', () => {
    const { state, printerState } = derive(model('ready', 'printing', { isReachable: false }));
    expect(state.error?.code).toBe('printer-unreachable');
    expect(state.state.flags.error).toBe(false);
    expect(state.job).toBeNull();
    expect(printerState).toBe('PRINTER_NOT_PAIRED');
  });
});

describe('normaliseMoonrakerJob', () => {
  const status = (state: string, extra: Record<string, unknown> = {}) => ({
    print_stats: { state, filename: 'a.gcode', print_duration: 300 },
    display_status: { progress: 0.6 },
    virtual_sdcard: { progress: 0.6 },
    ...extra,
  });

  it('printing: percent from display_status, time left by linear estimate', () => {
    expect(normaliseMoonrakerJob(status('printing'), null)).toEqual({
      file_name: 'a.gcode',
      completion: 60,
      print_time: 300,
      print_time_left: 200,
      path: 'a.gcode',
      started_at: null,
      outcome: null,
    });
  });

  it('before Klipper counts extrusion (print_duration 0) the time left is unknown, not 0 (issue 10 #11)', () => {
    const heating = status('printing', {
      print_stats: { state: 'printing', filename: 'a.gcode', print_duration: 0 },
    });
    expect(normaliseMoonrakerJob(heating, null)).toMatchObject({ print_time_left: null });
  });

  it('complete keeps 100 %; cancelled shows the last progress seen, not 0 (C.3.6)', () => {
    expect(normaliseMoonrakerJob(status('complete'), 0.99)).toMatchObject({
      completion: 100,
      print_time_left: 0,
    });
    const cancelled = status('cancelled', { display_status: { progress: 0 } });
    expect(normaliseMoonrakerJob(cancelled, 0.42)).toMatchObject({
      completion: 42,
      print_time_left: null,
    });
  });

  it('a print paused by a shutdown is over: no time left, the last percent kept (issue 30)', () => {
    expect(normaliseMoonrakerJob(status('paused'), null, null, false)).toMatchObject({
      completion: 60,
      print_time_left: null,
    });
  });

  it('no file is no job', () => {
    expect(
      normaliseMoonrakerJob({ print_stats: { state: 'standby', filename: '' } }, null),
    ).toBeNull();
    expect(normaliseMoonrakerJob({}, null)).toBeNull();
  });
});
