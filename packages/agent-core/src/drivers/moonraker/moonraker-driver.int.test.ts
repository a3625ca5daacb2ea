import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualMoonraker, type VirtualMoonraker } from '@printdeck/simulator';
import { KlipperGcodeStoreResultSchema, KlipperMacrosResultSchema } from '@printdeck/shared';
import {
  eventually,
  expectJpeg,
  expectRefusal,
  startDriverFixture,
  slicedGcode,
  whileAdvancing,
  type DriverFixture,
} from '../../../test-support/drivers.js';

let sim: VirtualMoonraker;
let fixture: DriverFixture;
let { driver, events, downloadDir, run, state, printerState } = {} as DriverFixture;

const waitFor = <T>(what: string, read: () => T, accept: (value: T) => boolean) =>
  eventually(what, read, accept);
/** The driver's printer state; a failure also names the virtual Klipper's job and Klippy. */
const waitForPrinterState = (expected: string) =>
  waitFor(
    `printer state ${expected}`,
    () => ({
      driver: printerState(),
      printer: { job: sim.printer.job.status, phase: sim.printer.job.phase },
      klippy: driver.getState().klipper?.state,
    }),
    (seen) => seen.driver === expected,
  );
const klippyState = () => driver.getState().klipper?.state;

/** FIRMWARE_RESTART and the simulated seconds Klippy takes to be ready again (C.2). */
async function restartFirmware(): Promise<void> {
  await run({ name: 'firmware_restart' });
  await whileAdvancing(
    sim.printer,
    waitFor('Klippy ready', klippyState, (s) => s === 'ready'),
  );
  await waitForPrinterState('READY_TO_PRINT');
}

async function printLocalFile(name: string): Promise<void> {
  sim.printer.files.put(name, slicedGcode(600), sim.printer.time);
  await run({ name: 'start_local_file', path: name });
  await waitForPrinterState('PRINTING');
}

beforeAll(async () => {
  sim = await startVirtualMoonraker({
    speed: 0,
    name: 'Voron',
    statusIntervalMs: 20,
    tickMs: 10,
    printer: { homingSeconds: 0 },
  });
  fixture = await startDriverFixture(sim, { kind: 'moonraker', url: sim.url });
  ({ driver, events, downloadDir, run, state, printerState } = fixture);
  await waitForPrinterState('READY_TO_PRINT');
});

afterAll(() => fixture.close());

describe('Moonraker driver: state', () => {
  it('reads a ready Klipper: READY_TO_PRINT, heaters, fan, homing, Klippy, plugins', () => {
    fixture.expectReady(
      {
        state: { text: 'Operational' },
        klipper: { state: 'ready', state_message: 'Printer is ready' },
        plugins: { power_relay: true, power_on: true, led: true, spectoda: false, camera: true },
        lights: { led_on: false },
        fan: { speed: 0 },
        homed_axes: '',
      },
      22,
    );
  });

  it('answers Klippy info, macros with descriptions and the console history', async () => {
    expect(await run({ name: 'klipper_printer_info' })).toEqual({
      state: 'ready',
      state_message: 'Printer is ready',
    });
    const macros = KlipperMacrosResultSchema.parse(await run({ name: 'klipper_macros' }));
    expect(macros).toEqual([
      { name: 'START_PRINT', description: 'Heat up, home and prime' },
      { name: 'END_PRINT', description: 'Park and turn heaters off' },
      { name: 'TURN_OFF_MOTORS', description: 'G-Code macro' },
    ]);
    // Klipper ran the known line and said it does not know the other: the command fails so
    await expectRefusal(
      run({ name: 'send_command', commands: ['M117 Hello from Printdeck', 'NOT_A_COMMAND'] }),
      'invalid-command',
    );
    expect(sim.printer.displayMessage).toBe('Hello from Printdeck');
    const store = KlipperGcodeStoreResultSchema.parse(await run({ name: 'klipper_gcode_store' }));
    expect(store).toContainEqual({
      time: expect.any(Number),
      type: 'command',
      message: 'M117 Hello from Printdeck\nNOT_A_COMMAND',
    });
    expect(store).toContainEqual(
      expect.objectContaining({ message: '// Unknown command:"NOT_A_COMMAND"' }),
    );
  });
});

describe('Moonraker driver: commands', () => {
  it('refuses a move before homing with axis-homing-required, and stays in absolute mode', async () => {
    await expectRefusal(
      run({ name: 'move_head', axis: 'x', distance: 10 }),
      'axis-homing-required',
    );
    expect(sim.printer.toolhead.absolute).toBe(true);
  });

  it('homes, then moves; a move out of range is out-of-range', async () => {
    await run({ name: 'home_head', axes: ['x', 'y', 'z'] });
    await waitFor(
      'homed',
      () => state().homed_axes,
      (a) => a === 'xyz',
    );
    await run({ name: 'move_head', axis: 'x', distance: 10 });
    expect(sim.printer.toolhead.position.x).toBe(10);
    await expectRefusal(run({ name: 'move_head', axis: 'y', distance: 1000 }), 'out-of-range');
    expect(sim.printer.toolhead.absolute).toBe(true);
  });

  it('sets temperatures; Klipper refuses one above the heater maximum as out-of-range', async () => {
    await run({ name: 'temperature', part: 'tool0', temperature: 200 });
    await run({ name: 'temperature', part: 'bed', temperature: 60 });
    await waitFor(
      'targets',
      () => state().temperature,
      (t) => t.tool0?.target === 200 && t.bed?.target === 60,
    );
    await expectRefusal(
      run({ name: 'temperature', part: 'tool0', temperature: 300 }),
      'out-of-range',
    );
  });

  it('refuses to extrude cold; extrudes and retracts once hot', async () => {
    sim.printer.extruder.setTarget(0);
    sim.printer.advance(600_000);
    const message = await expectRefusal(run({ name: 'extrude', amount: 5 }), 'invalid-command');
    expect(message).toContain('Extrude below minimum temp');
    expect(sim.printer.toolhead.absoluteExtrude).toBe(true);
    await run({ name: 'temperature', part: 'tool0', temperature: 200 });
    sim.printer.advance(300_000);
    const before = sim.printer.toolhead.position.e;
    await run({ name: 'extrude', amount: 5 });
    await run({ name: 'extrude', amount: -2 });
    expect(sim.printer.toolhead.position.e).toBeCloseTo(before + 3);
    await run({ name: 'temperature', part: 'tool0', temperature: 0 });
    await run({ name: 'temperature', part: 'bed', temperature: 0 });
  });

  it('switches the fan and turns the motors off', async () => {
    await run({ name: 'fan_state', on: true });
    await waitFor(
      'fan on',
      () => state().fan?.speed,
      (s) => s === 1,
    );
    await run({ name: 'fan_state', on: false });
    await waitFor(
      'fan off',
      () => state().fan?.speed,
      (s) => s === 0,
    );
    await run({ name: 'disable_motors' });
    await waitFor(
      'motors off',
      () => state().homed_axes,
      (a) => a === '',
    );
  });

  it('drives the LED with SET_LED', async () => {
    await run({ name: 'led', color: [255, 128, 0] });
    await waitFor(
      'lit',
      () => state().lights.led_on,
      (on) => on === true,
    );
    expect(sim.printer.lights).toMatchObject({ red: 1, green: expect.closeTo(0.502, 2), blue: 0 });
    await run({ name: 'led', color: [0, 0, 0] });
    await waitFor(
      'dark',
      () => state().lights.led_on,
      (on) => on === false,
    );
  });

  it('lists local files and starts one; pauses, resumes and cancels it', async () => {
    sim.printer.files.put('parts/bracket.gcode', slicedGcode(600), sim.printer.time);
    expect(await run({ name: 'list_files' })).toContainEqual({
      path: 'parts/bracket.gcode',
      size: expect.any(Number),
    });
    events.length = 0;
    await printLocalFile('parts/bracket.gcode');
    sim.printer.advance(60_000);
    const job = await waitFor(
      'progress',
      () => state().job,
      (j) => (j?.completion ?? 0) > 5,
    );
    expect(job).toMatchObject({ file_name: 'parts/bracket.gcode', print_time: expect.any(Number) });
    await expectRefusal(run({ name: 'start_local_file', path: 'parts/bracket.gcode' }), 'busy');
    await run({ name: 'pause' });
    await waitForPrinterState('PAUSED');
    await run({ name: 'resume' });
    await waitForPrinterState('PRINTING');
    await run({ name: 'cancel' });
    await waitForPrinterState('READY_TO_PRINT');
    // after a cancel Klipper resets the progress to 0; the last value stays on show (C.3.6)
    expect(state().job?.completion).toBeGreaterThan(5);
    await waitFor(
      'events',
      () => events.map((e) => e.name).join(),
      (n) => n === 'job_started,job_cancelled',
    );
    await expectRefusal(
      run({ name: 'start_local_file', path: 'missing.gcode' }),
      'invalid-command',
    );
  });

  it('takes a webcam snapshot: a JPEG', async () => {
    expectJpeg(await run({ name: 'snapshot' }));
  });

  it('has no disconnect and no Spectoda', async () => {
    await expectRefusal(run({ name: 'disconnect' }), 'not-supported');
    await expectRefusal(
      run({ name: 'spectoda', setting: 'color', value: '#ff0000' }),
      'not-supported',
    );
  });
});

describe('Moonraker driver: print files', () => {
  it('uploads a downloaded file with its checksum and prints it', async () => {
    const content = slicedGcode(600);
    const file = { name: 'voron cube.gcode', content, jobId: 11 };
    expect(await fixture.printFile(file)).toEqual({
      path: 'voron cube.gcode',
      started: true,
    });
    await waitForPrinterState('PRINTING');
    await run({ name: 'cancel' });
    await waitForPrinterState('READY_TO_PRINT');
    expect(await readdir(downloadDir)).toEqual([]);
  });

  it('refuses a SHA-256 mismatch: nothing uploaded, nothing started', async () => {
    await fixture.expectChecksumRefused(
      { name: 'bad.gcode', jobId: 12 },
      (name) => sim.printer.files.get(name) !== undefined,
    );
  });
});

describe('Moonraker driver: Klippy, power and the link', () => {
  it('emergency stop: shutdown is an ERROR with its message; FIRMWARE_RESTART brings it back', async () => {
    await printLocalFile('stopped.gcode');
    events.length = 0;
    await run({ name: 'emergency_stop' });
    await waitForPrinterState('ERROR');
    expect(state().klipper).toEqual({
      state: 'shutdown',
      state_message: expect.stringContaining('Shutdown due to webhooks request'),
    });
    expect(events.map((e) => e.name)).toEqual(['job_failed']);
    await expectRefusal(run({ name: 'home_head', axes: ['x'] }), 'not-operational');
    await restartFirmware();
    // subscribed again: new values arrive
    await run({ name: 'temperature', part: 'bed', temperature: 50 });
    await waitFor(
      'target after restart',
      () => state().temperature.bed?.target,
      (t) => t === 50,
    );
    await run({ name: 'temperature', part: 'bed', temperature: 0 });
  });

  it('a Klipper shutdown or config error shows as ERROR until restarted', async () => {
    sim.faults.klippyShutdown();
    await waitForPrinterState('ERROR');
    expect(state().klipper?.state_message).toContain("Lost communication with MCU 'mcu'");
    await restartFirmware();
    sim.faults.klippyError();
    await waitForPrinterState('ERROR');
    expect(state().klipper?.state).toBe('error');
    await restartFirmware();
  });

  it('a crashed Klippy is not paired until it is started again; printer info still answers', async () => {
    sim.faults.klippyDisconnect();
    await waitForPrinterState('PRINTER_NOT_PAIRED');
    // over JSON-RPC Moonraker has no printer.info without Klippy: "Method not found"
    expect(await run({ name: 'klipper_printer_info' })).toMatchObject({ state: 'disconnected' });
    sim.faults.klippyStart();
    await whileAdvancing(sim.printer, waitForPrinterState('READY_TO_PRINT'));
  });

  it('switches the power device: off shuts Klipper down (not paired), on restarts it', async () => {
    await run({ name: 'power', on: false });
    await waitFor('Klipper shut down', klippyState, (s) => s === 'shutdown');
    expect(state().plugins.power_on).toBe(false);
    expect(printerState()).toBe('PRINTER_NOT_PAIRED');
    await run({ name: 'power', on: true });
    await waitFor(
      'relay on',
      () => state().plugins.power_on,
      (on) => on === true,
    );
    await whileAdvancing(sim.printer, waitForPrinterState('READY_TO_PRINT'));
  });

  it('refuses to cut the power while printing (busy)', async () => {
    await printLocalFile('locked.gcode');
    await expectRefusal(run({ name: 'power', on: false }), 'busy');
    await run({ name: 'cancel' });
    await waitForPrinterState('READY_TO_PRINT');
  });

  it('an unplugged printer is an ERROR (MCU lost); plugged in, FIRMWARE_RESTART recovers', async () => {
    sim.faults.unplugPrinter();
    await waitForPrinterState('ERROR');
    sim.faults.plugInPrinter();
    await restartFirmware();
  });

  it('a lost Moonraker makes the state unknown (printer-unreachable), not a failed job; it recovers', async () => {
    await printLocalFile('long.gcode');
    await fixture.expectLostHostIsUnknown(() => waitForPrinterState('PRINTING'));
    await run({ name: 'cancel' });
    await waitForPrinterState('READY_TO_PRINT');
  });
});
