import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualOctoPrint, type VirtualOctoPrint } from '@printdeck/simulator';
import {
  derivePrinterState,
  DeviceStateSchema,
  KlipperGcodeStoreResultSchema,
} from '@printdeck/shared';
import {
  eventually,
  expectJpeg,
  expectRefusal,
  startDriverFixture,
  sha256,
  slicedGcode,
  startTestDriver,
  type DriverFixture,
} from '../../../test-support/drivers.js';

const KEY = 'OCTOKEY';
let sim: VirtualOctoPrint;
let fixture: DriverFixture;
let { driver, events, downloadDir, run, printerState, waitForText } = {} as DriverFixture;
const never = new AbortController().signal;

/** Simulated time for OctoPrint's transitions and 2 s temperature reports. */
const advance = (ms: number) => sim.printer.advance(ms);

/** Follows OctoPrint through these state texts, moving simulated time on between them. */
async function passThrough(...texts: string[]): Promise<void> {
  for (const [index, text] of texts.entries()) {
    if (index > 0) advance(1000);
    await waitForText(text);
  }
}

async function cancelPrint(): Promise<void> {
  await run({ name: 'cancel' });
  await passThrough('Cancelling', 'Operational');
}

async function printLocalFile(name: string): Promise<void> {
  sim.printer.files.put(name, slicedGcode(600), sim.printer.time);
  await run({ name: 'start_local_file', path: name });
  await passThrough('Starting', 'Printing');
}

async function backToOperational(): Promise<void> {
  await run({ name: 'connect' });
  await passThrough('Opening serial connection', 'Connecting', 'Operational');
}

beforeAll(async () => {
  sim = await startVirtualOctoPrint({
    speed: 0,
    apiKey: KEY,
    name: 'MK3S',
    camera: {},
    pushIntervalMs: 20,
    tickMs: 10,
    printer: { homingSeconds: 0 },
  });
  fixture = await startDriverFixture(sim, { kind: 'octoprint', url: sim.url, apiKey: KEY });
  ({ driver, events, downloadDir, run, printerState, waitForText } = fixture);
  await waitForText('Operational');
});

afterAll(() => fixture.close());

describe('OctoPrint driver: state', () => {
  it('reads an operational printer: READY_TO_PRINT, temperatures, plugins', () => {
    const state = DeviceStateSchema.parse(driver.getState());
    expect(printerState()).toBe('READY_TO_PRINT');
    expect(state).toMatchObject({
      is_paired: true,
      error: null,
      temperature: { tool0: { actual: 21.3, target: 0 }, bed: { actual: 21.3, target: 0 } },
      plugins: { power_relay: true, power_on: true, led: false, spectoda: false, camera: true },
      lights: { led_on: null },
      klipper: null,
    });
  });

  it('disconnects and connects (Offline → Opening → Connecting → Operational)', async () => {
    await run({ name: 'disconnect' });
    await waitForText('Offline');
    expect(printerState()).toBe('PRINTER_NOT_PAIRED');
    await backToOperational();
  });

  it('refuses printer commands while disconnected with not-operational (409)', async () => {
    await run({ name: 'disconnect' });
    await waitForText('Offline');
    await expectRefusal(run({ name: 'home_head', axes: ['x'] }), 'not-operational');
    await expectRefusal(run({ name: 'send_command', commands: ['M105'] }), 'not-operational');
    await backToOperational();
  });
});

describe('OctoPrint driver: commands', () => {
  it('sets temperatures and reports them from the 2 s reports', async () => {
    await run({ name: 'temperature', part: 'tool0', temperature: 200 });
    await run({ name: 'temperature', part: 'bed', temperature: 60 });
    advance(4000);
    const temperature = await eventually(
      'targets',
      () => driver.getState().temperature,
      (t) => t.tool0?.target === 200 && t.bed?.target === 60,
    );
    expect(temperature.tool0!.actual).toBeGreaterThan(40);
  });

  it('homes, then moves; Marlin clamps a move out of range instead of refusing it', async () => {
    await run({ name: 'home_head', axes: ['x', 'y', 'z'] });
    await eventually(
      'homed',
      () => sim.printer.toolhead.homedAxes,
      (a) => a === 'xyz',
    );
    await run({ name: 'move_head', axis: 'x', distance: 10 });
    await eventually(
      'moved',
      () => sim.printer.toolhead.position.x,
      (x) => x === 10,
    );
    await run({ name: 'move_head', axis: 'y', distance: -50 });
    await eventually(
      'clamped',
      () => sim.printer.toolhead.position.y,
      (y) => y === 0,
    );
  });

  it('extrudes and retracts once hot', async () => {
    advance(30_000);
    await eventually(
      'hot',
      () => sim.printer.extruder.temperature,
      (t) => t > 190,
    );
    const before = sim.printer.toolhead.position.e;
    await run({ name: 'extrude', amount: 5 });
    await eventually(
      'extruded',
      () => sim.printer.toolhead.position.e,
      (e) => e === before + 5,
    );
    await run({ name: 'extrude', amount: -2 });
    await eventually(
      'retracted',
      () => sim.printer.toolhead.position.e,
      (e) => e === before + 3,
    );
  });

  it('switches the fan, turns the motors off and sends raw commands', async () => {
    await run({ name: 'fan_state', on: true });
    await eventually(
      'fan on',
      () => sim.printer.fanSpeed,
      (s) => s === 1,
    );
    await run({ name: 'fan_state', on: false });
    await eventually(
      'fan off',
      () => sim.printer.fanSpeed,
      (s) => s === 0,
    );
    await run({ name: 'disable_motors' });
    await eventually(
      'motors off',
      () => sim.printer.toolhead.homedAxes,
      (a) => a === '',
    );
    await run({ name: 'send_command', commands: ['M117 Hello from Printdeck', 'M105'] });
    await eventually(
      'M117',
      () => sim.printer.displayMessage,
      (m) => m === 'Hello from Printdeck',
    );
    await run({ name: 'temperature', part: 'tool0', temperature: 0 });
    await run({ name: 'temperature', part: 'bed', temperature: 0 });
  });

  it('lists local files and starts one by path; pauses, resumes and cancels it', async () => {
    sim.printer.files.put('parts/bracket.gcode', slicedGcode(600), sim.printer.time);
    const list = await run({ name: 'list_files' });
    expect(list).toContainEqual({ path: 'parts/bracket.gcode', size: expect.any(Number) });
    events.length = 0;
    await run({ name: 'start_local_file', path: 'parts/bracket.gcode' });
    await passThrough('Starting', 'Printing');
    expect(printerState()).toBe('PRINTING');
    await run({ name: 'pause' });
    await passThrough('Pausing', 'Paused');
    expect(printerState()).toBe('PAUSED');
    await run({ name: 'resume' });
    await passThrough('Resuming', 'Printing');
    await run({ name: 'cancel' });
    await waitForText('Cancelling');
    expect(printerState()).toBe('CANCELLING');
    await passThrough('Cancelling', 'Operational');
    await eventually(
      'job events',
      () => events.map((e) => e.name).join(),
      (n) => n === 'job_started,job_cancelled',
    );
    expect(events[0]).toMatchObject({ path: 'parts/bracket.gcode' });
    // 409 "neither printing nor paused": the state conflicts, the printer is operational
    await expectRefusal(run({ name: 'pause' }), 'wrong-state');
    await expectRefusal(
      run({ name: 'start_local_file', path: 'missing.gcode' }),
      'invalid-command',
    );
  });

  it('reports the job: file name, completion in percent, times', async () => {
    await printLocalFile('job.gcode');
    advance(60_000);
    const job = await eventually(
      'progress',
      () => driver.getState().job,
      (j) => (j?.completion ?? 0) > 5,
    );
    expect(job).toMatchObject({ file_name: 'job.gcode', print_time: expect.any(Number) });
    await cancelPrint();
  });

  it('takes a webcam snapshot: a JPEG', async () => {
    expectJpeg(await run({ name: 'snapshot' }));
  });

  it("shows the printer's replies in the console: a typed M115 and its answer, no temperature reports (issue 29)", async () => {
    const store = async () =>
      KlipperGcodeStoreResultSchema.parse(await run({ name: 'klipper_gcode_store' }));
    await run({ name: 'send_command', commands: ['M115'] });
    const firmware =
      'FIRMWARE_NAME:Virtual Marlin 1.0 PROTOCOL_VERSION:1.0 MACHINE_TYPE:Printdeck simulator';
    // temperature reports keep coming every 2 s meanwhile; the console leaves them out
    advance(2000);
    advance(2000);
    const history = await eventually('the M115 answer', store, (entries) =>
      entries.some((entry) => entry.message === firmware),
    );
    const fromM115 = history.slice(history.findLastIndex((entry) => entry.message === 'M115'));
    expect(fromM115.map(({ type, message }) => ({ type, message }))).toEqual([
      { type: 'command', message: 'M115' },
      { type: 'response', message: firmware },
    ]);
    expect(history.some((entry) => /T:\d/.test(entry.message))).toBe(false);
    expect(history.some((entry) => entry.message === 'ok')).toBe(false);
    // a refused command shows in the console too, beside its failure
    await expectRefusal(run({ name: 'send_command', commands: ['FOO'] }), 'invalid-command');
    await eventually('the refusal in the console', store, (entries) =>
      entries.some((entry) => entry.message === 'echo:Unknown command: "FOO"'),
    );
  });

  it('answers not-supported for what OctoPrint has not (LED, Klipper, Spectoda)', async () => {
    await expectRefusal(run({ name: 'led', color: [255, 255, 255] }), 'not-supported');
    await expectRefusal(run({ name: 'klipper_macros' }), 'not-supported');
    await expectRefusal(run({ name: 'firmware_restart' }), 'not-supported');
    await expectRefusal(
      run({ name: 'spectoda', setting: 'brightness', value: 50 }),
      'not-supported',
    );
  });
});

describe('OctoPrint driver: print files', () => {
  it('uploads a downloaded file and prints it', async () => {
    const content = slicedGcode(600);
    const progress: number[] = [];
    const file = { name: 'benchy.gcode', content, jobId: 7 };
    const result = await fixture.printFile(file, (p) => p !== null && progress.push(p));
    expect(result).toEqual({ path: 'benchy.gcode', started: true });
    expect(progress.at(-1)).toBe(100);
    expect(sim.printer.files.get('benchy.gcode')?.sha256).toBe(sha256(content));
    await passThrough('Starting', 'Printing');
    await cancelPrint();
    expect(await readdir(downloadDir)).toEqual([]);
  });

  it('refuses a file whose SHA-256 does not match: nothing stored, nothing started', async () => {
    const message = await fixture.expectChecksumRefused(
      { name: 'evil.gcode', jobId: 8 },
      (name) => sim.printer.files.get(name) !== undefined,
    );
    expect(message).toContain('not printed');
    expect(driver.getState().state.text).toBe('Operational');
  });
});

describe('OctoPrint driver: power, faults and the link', () => {
  it('switches the printer off and on through PSU Control', async () => {
    await run({ name: 'power', on: false });
    await passThrough('Error', 'Offline after error');
    expect(driver.getState().plugins.power_on).toBe(false);
    expect(printerState()).toBe('PRINTER_NOT_PAIRED');
    await run({ name: 'power', on: true });
    await passThrough('Opening serial connection', 'Connecting', 'Operational');
    expect(driver.getState().plugins.power_on).toBe(true);
  });

  it('emergency stop: OctoPrint closes the port at once, Offline after error with its own words (issue 30)', async () => {
    await run({ name: 'emergency_stop' });
    await waitForText('Offline after error');
    expect(driver.getState().error).toMatchObject({
      code: 'printer-error',
      detail: 'Closing serial port due to emergency stop M112.',
    });
    await backToOperational();
  });

  it('emergency stop on a printer whose clock runs ahead of the agent (×20): the job failed with its words (issue 30)', async () => {
    await printLocalFile('fast.gcode');
    events.length = 0;
    // 90 s of print on the printer's clock in a moment of the agent's, as at speed 20
    advance(90_000);
    await eventually(
      'the print time',
      () => driver.getState().job?.print_time ?? 0,
      (s) => s >= 90,
    );
    await run({ name: 'emergency_stop' });
    const ended = await eventually(
      'the end event',
      () => events.find((e) => e.name !== 'job_started'),
      (e) => e !== undefined,
    );
    expect(ended).toMatchObject({
      name: 'job_failed',
      path: 'fast.gcode',
      reason: 'Closing serial port due to emergency stop M112.',
    });
    await waitForText('Offline after error');
    await backToOperational();
  });

  it('an unplugged printer: Offline after error; plugged back in it connects again', async () => {
    sim.faults.unplugPrinter();
    await passThrough('Error', 'Offline after error');
    // OctoPrint's `/api/job` `error` is the detail (issue 10 #4)
    expect(driver.getState().error).toMatchObject({
      code: 'printer-error',
      detail: expect.stringMatching(/^SerialException/),
    });
    sim.faults.plugInPrinter();
    await backToOperational();
  });

  it('a lost OctoPrint makes the state unknown (printer-unreachable), not a failed job; it recovers', async () => {
    await printLocalFile('long.gcode');
    await fixture.expectLostHostIsUnknown(() => waitForText('Printing'));
    await cancelPrint();
  });

  it('an OctoPrint that answers too slowly fails the command as printer-unreachable', async () => {
    const impatient = startTestDriver({ kind: 'octoprint', url: sim.url, apiKey: KEY }, 300);
    await eventually(
      'ready',
      () => impatient.getState().state.text,
      (t) => t === 'Operational',
    );
    sim.faults.setSlowAnswers(2000);
    await expectRefusal(
      impatient.run({ name: 'fan_state', on: true }, never),
      'printer-unreachable',
    );
    sim.faults.setSlowAnswers(0);
    await impatient.stop();
  });

  it('a refused API key (403) is permission-denied', async () => {
    const denied = startTestDriver({ kind: 'octoprint', url: sim.url, apiKey: 'WRONG' });
    await eventually(
      'denied',
      () => denied.getState().error?.code,
      (c) => c === 'permission-denied',
    );
    expect(derivePrinterState({ isConnected: true, state: denied.getState() }).printerState).toBe(
      'OCTOPRINT_PERMISSION_DENIED',
    );
    await denied.stop();
  });

  it('the pill drives its LED with M150 and reports it', async () => {
    const pill = startTestDriver({ kind: 'pill', url: sim.url, apiKey: KEY });
    await eventually(
      'ready',
      () => pill.getState().state.text,
      (t) => t === 'Operational',
    );
    expect(pill.kind).toBe('pill');
    expect(pill.getState().plugins).toMatchObject({ led: true, camera: true });
    for (const [color, isOn] of [
      [[255, 255, 255], true],
      [[0, 0, 0], false],
    ] as const) {
      await pill.run({ name: 'led', color: [...color] }, never);
      await eventually(
        'LED',
        () => sim.printer.lights.red,
        (red) => red === color[0] / 255,
      );
      expect(pill.getState().lights).toEqual({ led_on: isOn });
    }
    expectJpeg(await pill.run({ name: 'snapshot' }, never));
    await pill.stop();
  });
});
