import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualOctoPrint, type VirtualOctoPrint } from '@printdeck/simulator';
import { DeviceStateSchema, type DeviceState } from '@printdeck/shared';
import { silentLogger } from '../../log.js';
import {
  eventually,
  expectRefusal,
  FAST_BACKOFF,
  slicedGcode,
} from '../../../test-support/drivers.js';
import { CommandFailed, type JobEvent } from '../driver.js';
import { OctoPrintDriver } from './octoprint-driver.js';

/**
 * The agent against OctoPrint as it really behaves (issue 10): a push socket silent while
 * OctoPrint is not connected to its printer, a revoked key answered 400 CSRF, a stock webcam
 * that cannot snapshot, the printer's error as the detail, 409 reasons, job identities.
 */
const KEY = 'REALKEY';
let sim: VirtualOctoPrint;
let driver: OctoPrintDriver;
let changes: DeviceState[];
let events: JobEvent[];
const never = new AbortController().signal;
const run = (command: Parameters<OctoPrintDriver['run']>[0]) => driver.run(command, never);
const text = () => driver.getState().state.text;
const waitForText = (wanted: string) => eventually(`state ${wanted}`, text, (t) => t === wanted);

beforeAll(async () => {
  sim = await startVirtualOctoPrint({
    speed: 0,
    apiKey: KEY,
    pushIntervalMs: 20,
    tickMs: 10,
    printer: { homingSeconds: 0 },
  });
  driver = new OctoPrintDriver({
    url: sim.url,
    apiKey: KEY,
    log: silentLogger,
    localIpAddress: null,
    backoff: FAST_BACKOFF,
    requestTimeoutMs: 2000,
    staleMs: 300,
    checkMs: 100,
  });
  changes = [];
  events = [];
  driver.onState((state) => changes.push(state));
  driver.onJobEvent((event) => events.push(event));
  driver.start();
  await waitForText('Operational');
  await eventually('following', () => driver.isFollowing, Boolean);
});
afterAll(async () => {
  await driver.stop();
  await sim.close();
});
afterEach(async () => {
  sim.faults.setApiKey(KEY);
  if (text() !== 'Operational') {
    await eventually(
      'key accepted',
      () => driver.getState().error?.code ?? null,
      (code) => code === null || code === 'printer-error',
    );
    if (text() !== 'Operational') {
      await run({ name: 'connect' });
      sim.printer.advance(2000);
      await waitForText('Operational');
    }
  }
  await eventually('following', () => driver.isFollowing, Boolean);
});

describe('OctoPrint not connected to its printer (issue 10 #1)', () => {
  it('stays followed without state changes while the push socket is silent', async () => {
    sim.faults.closePrinterConnection();
    await waitForText('Offline');
    const seen = changes.length;
    // many times the 300 ms silence limit: only pings and /api/connection answer meanwhile
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(changes.slice(seen).map((s) => s.state.text)).toEqual([]);
    expect(driver.getState()).toMatchObject({ is_paired: false, error: null });
  });
});

describe('a revoked API key (issue 10 #2)', () => {
  it('shows permission denied within the check interval, and commands say why without "403"', async () => {
    sim.faults.revokeApiKey();
    await eventually(
      'permission denied',
      () => driver.getState().error?.code ?? null,
      (code) => code === 'permission-denied',
    );
    expect(driver.getState().error?.detail).not.toMatch(/403/);
    const refusal = await run({ name: 'fan_state', on: true }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CommandFailed);
  });

  it('a command refused 400 CSRF names the CSRF refusal, not a 403', async () => {
    sim.faults.revokeApiKey();
    const refusal = await run({ name: 'fan_state', on: true }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'permission-denied',
      message: expect.stringContaining('CSRF validation failed'),
    });
    expect((refusal as Error).message).not.toMatch(/403/);
  });
});

describe('a stock OctoPrint webcam (issue 10 #3)', () => {
  it('reports no camera, and a snapshot is refused as not supported with no HTML', async () => {
    expect(DeviceStateSchema.parse(driver.getState()).plugins.camera).toBe(false);
    const refusal = await expectRefusal(run({ name: 'snapshot' }), 'not-supported');
    expect(String(refusal)).not.toMatch(/</);
  });
});

describe('a webcam added in OctoPrint (issue 30)', () => {
  it('is noticed when OctoPrint announces its settings changed, without a new connection', async () => {
    const own = await startVirtualOctoPrint({ speed: 0, apiKey: KEY, pushIntervalMs: 20 });
    // the simulated camera draws its JPEG in this process: a long silence limit
    const watching = new OctoPrintDriver({
      url: own.url,
      apiKey: KEY,
      log: silentLogger,
      localIpAddress: null,
      backoff: FAST_BACKOFF,
      staleMs: 10_000,
    });
    try {
      watching.start();
      await eventually('following', () => watching.isFollowing, Boolean);
      expect(watching.getState().plugins.camera).toBe(false);
      own.faults.setWebcam();
      await eventually(
        'camera',
        () => watching.getState().plugins.camera,
        (camera) => camera,
      );
      own.faults.setWebcam(false);
      await eventually(
        'no camera',
        () => watching.getState().plugins.camera,
        (c) => !c,
      );
      expect(own.pushSocketsOpened()).toBe(1);
    } finally {
      await watching.stop();
      await own.close();
    }
  });
});

describe('a read-only OctoPrint key (issue 30)', () => {
  it('is not ready to print: permission denied, saying the key may not print', async () => {
    const own = await startVirtualOctoPrint({ speed: 0, apiKey: KEY, pushIntervalMs: 20 });
    own.faults.makeKeyReadOnly();
    const readOnly = new OctoPrintDriver({
      url: own.url,
      apiKey: KEY,
      log: silentLogger,
      localIpAddress: null,
      backoff: FAST_BACKOFF,
      staleMs: 10_000,
    });
    try {
      readOnly.start();
      const error = await eventually(
        'permission denied',
        () => readOnly.getState().error,
        (e) => e?.code === 'permission-denied',
      );
      expect(error?.detail).toMatch(/may not print/);
      own.faults.setKeyPermissions(null);
      await eventually(
        'ready with a full key',
        () => readOnly.getState().state.flags.ready,
        (ready) => ready,
        10_000,
      );
    } finally {
      await readOnly.stop();
      await own.close();
    }
  });
});

describe('a typed G-code the printer does not know (issue 10 #6)', () => {
  it("fails with the printer's own answer, although OctoPrint answered 204", async () => {
    const refusal = await run({ name: 'send_command', commands: ['FOO'] }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({
      code: 'invalid-command',
      message: 'The printer answered: echo:Unknown command: "FOO"',
    });
    await expect(run({ name: 'send_command', commands: ['M106 S255'] })).resolves.toBeNull();
    expect(sim.printer.fanSpeed).toBe(1);
  });

  it('still fails when the refusal comes in a push later than answerMs (a busy or throttled host)', async () => {
    // pushes every 300 ms against a 20 ms answerMs: the words always come after that time
    const slow = await startVirtualOctoPrint({ speed: 0, apiKey: KEY, pushIntervalMs: 300 });
    const late = new OctoPrintDriver({
      url: slow.url,
      apiKey: KEY,
      log: silentLogger,
      localIpAddress: null,
      backoff: FAST_BACKOFF,
      requestTimeoutMs: 2000,
      answerMs: 20,
    });
    late.start();
    try {
      await eventually('following', () => late.isFollowing, Boolean);
      const refusal = await late
        .run({ name: 'send_command', commands: ['FOO'] }, never)
        .catch((error: unknown) => error);
      expect(refusal).toMatchObject({
        code: 'invalid-command',
        message: 'The printer answered: echo:Unknown command: "FOO"',
      });
      await expect(
        late.run({ name: 'send_command', commands: ['M106 S255'] }, never),
      ).resolves.toBeNull();
    } finally {
      await late.stop();
      await slow.close();
    }
  });
});

describe('errors, conflicts and jobs (issue 10 #4, #5, #13)', () => {
  it('a print carries its identity; MAXTEMP fails it with the printer error as detail', async () => {
    sim.printer.files.put('cube.gcode', slicedGcode(600), sim.printer.time);
    await run({ name: 'start_local_file', path: 'cube.gcode' });
    sim.printer.advance(1000);
    await waitForText('Printing');
    const job = await eventually(
      'job identity',
      () => driver.getState().job,
      (j) => j?.started_at != null,
    );
    expect(job).toMatchObject({ path: 'cube.gcode', outcome: 'printing' });
    const started = await eventually(
      'started event',
      () => events.find((e) => e.name === 'job_started'),
      (e) => e !== undefined,
    );
    expect(started).toMatchObject({ path: 'cube.gcode', startedAt: job!.started_at });

    await expectRefusal(run({ name: 'start_local_file', path: 'cube.gcode' }), 'wrong-state');

    sim.faults.thermalRunaway();
    sim.printer.advance(1000);
    await waitForText('Offline after error');
    expect(driver.getState().error).toMatchObject({
      code: 'printer-error',
      detail: expect.stringContaining('MAXTEMP'),
    });
    const failed = await eventually(
      'failed event',
      () => events.find((e) => e.name === 'job_failed'),
      (e) => e !== undefined,
    );
    expect(failed).toMatchObject({ path: 'cube.gcode', startedAt: job!.started_at });
  });
});

describe('the same file printed again within a minute (issue 30)', () => {
  it("is a new print; the previous cancel's late PrintFailed does not end it", async () => {
    sim.printer.files.put('again.gcode', slicedGcode(600), sim.printer.time);
    await run({ name: 'start_local_file', path: 'again.gcode' });
    sim.printer.advance(1000);
    await waitForText('Printing');
    const first = await eventually(
      'first identity',
      () => driver.getState().job,
      (j) => j?.path === 'again.gcode' && j.started_at != null,
    );
    sim.faults.holdCancelTail();
    const seen = events.length;
    await run({ name: 'cancel' });
    sim.printer.advance(2000);
    await eventually(
      'cancelled',
      () => events.slice(seen).find((e) => e.name === 'job_cancelled'),
      (e) => e !== undefined,
    );
    await waitForText('Operational');
    await run({ name: 'start_local_file', path: 'again.gcode' });
    sim.printer.advance(1000);
    const started = (await eventually(
      'second start',
      () => events.slice(seen).find((e) => e.name === 'job_started'),
      (e) => e !== undefined,
    ))!;
    expect(started.startedAt).toBeGreaterThan(first!.started_at!);
    expect(sim.faults.releaseCancelTail()).toBe(1);
    // the tail arrived: OctoPrint's `current` after it still shows the second print going on
    sim.printer.advance(1000);
    await waitForText('Printing');
    await eventually(
      'the second print followed',
      () => driver.getState().job,
      (j) => j?.started_at === started.startedAt && j?.outcome === 'printing',
    );
    expect(events.slice(seen).map((e) => [e.name, e.startedAt])).toEqual([
      ['job_cancelled', first!.started_at],
      ['job_started', started.startedAt],
    ]);
    await run({ name: 'cancel' });
    sim.printer.advance(2000);
    await waitForText('Operational');
  });
});
