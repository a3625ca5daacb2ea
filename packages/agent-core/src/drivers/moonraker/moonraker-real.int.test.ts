import { afterEach, describe, expect, it } from 'vitest';
import {
  startVirtualMoonraker,
  type VirtualMoonraker,
  type VirtualMoonrakerOptions,
} from '@printdeck/simulator';
import { derivePrinterState, DeviceStateSchema, getPermittedActions } from '@printdeck/shared';
import { silentLogger } from '../../log.js';
import {
  eventually,
  FAST_BACKOFF,
  slicedGcode,
  whileAdvancing,
} from '../../../test-support/drivers.js';
import type { JobEvent } from '../driver.js';
import { MoonrakerDriver, type MoonrakerDriverOptions } from './moonraker-driver.js';

/**
 * The agent against Klipper/Moonraker as they really behave (issue 10): a print left paused
 * by a shutdown, a Klippy that stays down after a crash, a `klipper_device` relay, a pause
 * that waits behind queued moves.
 */
const never = new AbortController().signal;
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

async function setUp(
  options: VirtualMoonrakerOptions = {},
  driverOptions: Partial<MoonrakerDriverOptions> = {},
) {
  const sim: VirtualMoonraker = await startVirtualMoonraker({
    speed: 0,
    statusIntervalMs: 20,
    tickMs: 10,
    printer: { homingSeconds: 0 },
    ...options,
  });
  opened.push(sim);
  const driver = new MoonrakerDriver({
    url: sim.url,
    log: silentLogger,
    localIpAddress: null,
    backoff: FAST_BACKOFF,
    requestTimeoutMs: 2000,
    heartbeatMs: 2000,
    pollMs: 50,
    ...driverOptions,
  });
  opened.push({ close: () => driver.stop() });
  const events: JobEvent[] = [];
  driver.onJobEvent((event) => events.push(event));
  driver.start();
  const printerState = () =>
    derivePrinterState({ isConnected: true, state: DeviceStateSchema.parse(driver.getState()) })
      .printerState;
  const waitForPrinterState = (wanted: string) =>
    eventually(`printer state ${wanted}`, printerState, (s) => s === wanted);
  await waitForPrinterState('READY_TO_PRINT');
  const run = (command: Parameters<MoonrakerDriver['run']>[0]) => driver.run(command, never);
  const print = async (name: string) => {
    sim.printer.files.put(name, slicedGcode(600), sim.printer.time);
    await run({ name: 'start_local_file', path: name });
    await waitForPrinterState('PRINTING');
    return eventually(
      'job identity',
      () => driver.getState().job,
      (j) => j?.started_at != null,
    );
  };
  return { sim, driver, events, run, print, printerState, waitForPrinterState };
}

const failedEvent = (events: JobEvent[]) =>
  eventually(
    'job_failed',
    () => events.find((e) => e.name === 'job_failed'),
    (e) => e !== undefined,
  );

describe('a print that Klipper can no longer finish (issue 10 #7, #8)', () => {
  it('emergency stop mid-print: print_stats stays paused, yet the job is reported failed with its identity', async () => {
    const { sim, driver, events, run, print, waitForPrinterState } = await setUp();
    const job = await print('estop.gcode');
    // printed long enough for a time left to show
    await whileAdvancing(
      sim.printer,
      eventually(
        'a time left',
        () => driver.getState().job?.print_time_left,
        (left) => left != null && left > 0,
      ),
    );
    await run({ name: 'emergency_stop' });
    await waitForPrinterState('ERROR');
    expect(sim.printer.job.status).toBe('paused'); // what real Klipper reports
    expect(await failedEvent(events)).toMatchObject({
      path: 'estop.gcode',
      startedAt: job!.started_at,
      reason: expect.stringContaining('Shutdown due to webhooks request'),
    });
    expect(driver.getState().job).toMatchObject({ path: 'estop.gcode', outcome: 'failed' });
    // the print ended: no time left, though print_stats still says paused (issue 30)
    expect(driver.getState().job?.print_time_left).toBeNull();
    // after FIRMWARE_RESTART print_stats is standby: no second end, no new start
    await run({ name: 'firmware_restart' });
    await whileAdvancing(sim.printer, waitForPrinterState('READY_TO_PRINT'));
    expect(events.map((e) => e.name)).toEqual(['job_started', 'job_failed']);
  });

  it('Klippy crash mid-print: the job is reported failed; Klippy stays down until started', async () => {
    const { sim, driver, events, print, waitForPrinterState } = await setUp();
    const job = await print('crash.gcode');
    sim.faults.klippyDisconnect();
    await waitForPrinterState('PRINTER_NOT_PAIRED');
    expect(await failedEvent(events)).toMatchObject({
      path: 'crash.gcode',
      startedAt: job!.started_at,
    });
    expect(driver.getState().job).toMatchObject({ path: 'crash.gcode', outcome: 'failed' });
    sim.faults.klippyStart();
    await whileAdvancing(sim.printer, waitForPrinterState('READY_TO_PRINT'));
  });
});

describe('a read just after Klippy connects (issue 30 #21)', () => {
  it('"Method not found" before Moonraker registered the endpoints is read again: Klipper in error shows', async () => {
    const { sim, driver, printerState, waitForPrinterState } = await setUp();
    sim.faults.unplugPrinter();
    sim.faults.klippyDisconnect();
    await waitForPrinterState('PRINTER_NOT_PAIRED');
    // Klippy comes up in `error` (its MCU unreachable) and sends no notice after that
    sim.faults.setEndpointsDelay(400);
    sim.faults.klippyStart();
    const state = await whileAdvancing(
      sim.printer,
      eventually(
        'Klipper in error',
        () => driver.getState(),
        (s) => s.klipper?.state === 'error',
      ),
      100,
    );
    expect(state.klipper?.state_message).toMatch(/Unable to connect/);
    expect(printerState()).toBe('ERROR');
    sim.faults.setEndpointsDelay(0);
  });
});

describe('the printer relay (issue 10 #9)', () => {
  it('a klipper_device relay: a shutdown is an ERROR (emergency stop possible), not unpowered', async () => {
    const { driver, run, waitForPrinterState } = await setUp({
      powerDevices: [{ name: 'printer', type: 'klipper_device', initialState: 'on' }],
    });
    expect(driver.getState().plugins).toMatchObject({ power_relay: true, power_on: true });
    await run({ name: 'emergency_stop' });
    await waitForPrinterState('ERROR');
    expect(driver.getState()).toMatchObject({ is_paired: true, plugins: { power_on: null } });
  });

  it('after a Klippy start the relay shows on: the late power notice is not overwritten (issue 30)', async () => {
    const { sim, driver, run, waitForPrinterState } = await setUp({
      powerDevices: [{ name: 'printer', type: 'klipper_device', initialState: 'on' }],
    });
    await run({ name: 'emergency_stop' });
    await waitForPrinterState('ERROR');
    // Moonraker reads the pin ~240 ms after "ready", while the agent's refresh still waits
    // for its subscription
    sim.faults.setSubscribeDelay(400);
    const seen: Array<boolean | null> = [];
    driver.onState((state) => {
      if (seen.at(-1) !== state.plugins.power_on) seen.push(state.plugins.power_on);
    });
    await run({ name: 'firmware_restart' });
    await whileAdvancing(sim.printer, waitForPrinterState('READY_TO_PRINT'), 100);
    await eventually(
      'the relay on',
      () => driver.getState().plugins.power_on,
      (on) => on === true,
    );
    // every refresh the restart started is done: the notice was never overwritten meanwhile
    // (the old driver showed on, then the refresh's older "init" (null), then on again)
    await whileAdvancing(
      sim.printer,
      eventually(
        'refreshes done',
        () => driver.isRefreshing,
        (r) => !r,
      ),
      100,
    );
    sim.faults.setSubscribeDelay(0);
    expect(seen.slice(seen.indexOf(true))).toEqual([true]);
  });

  it('a klipper_device relay reading off while Klipper is ready can be turned on (issue 30)', async () => {
    const { driver, run, printerState } = await setUp({
      powerDevices: [{ name: 'printer', type: 'klipper_device', initialState: 'off' }],
    });
    const state = await eventually(
      'the relay read off',
      () => DeviceStateSchema.parse(driver.getState()),
      (s) => s.plugins.power_on === false,
    );
    const actions = getPermittedActions({
      printerState: printerState(),
      isConnected: true,
      isPaired: state.is_paired,
      hasPowerRelay: state.plugins.power_relay,
      powerOn: state.plugins.power_on,
    });
    expect(actions.canTurnOn).toBe(true); // the server answered 409 here
    await run({ name: 'power', on: true });
    await eventually(
      'the relay on',
      () => driver.getState().plugins.power_on,
      (on) => on === true,
    );
  });

  it('takes the configured device, never just the first one listed', async () => {
    const lightsFirst = [
      { name: 'lights', initialState: 'off' as const },
      { name: 'psu', controlsPrinter: true },
    ];
    const chosen = await setUp({ powerDevices: lightsFirst }, { powerDevice: 'psu' });
    expect(chosen.driver.getState().plugins).toMatchObject({ power_relay: true, power_on: true });
    const fallback = await setUp({ powerDevices: lightsFirst });
    // no device named `printer`: the lights are not taken for the printer's relay
    expect(fallback.driver.getState().plugins).toMatchObject({ power_relay: false });
    expect(fallback.printerState()).toBe('READY_TO_PRINT');
  });
});

describe('pause behind queued moves (issue 10 #10)', () => {
  it('answers once Klipper has the pause; the state shows paused when the moves are done', async () => {
    const { sim, run, print, printerState, waitForPrinterState } = await setUp(
      { queuedMoveSeconds: 12 },
      { acceptMs: 100 },
    );
    await print('slow.gcode');
    await expect(run({ name: 'pause' })).resolves.toBeNull();
    expect(printerState()).toBe('PRINTING'); // accepted, still draining the queue
    await whileAdvancing(sim.printer, waitForPrinterState('PAUSED'));
  });
});

describe('long commands (issue 30)', () => {
  it('a 15 s macro and a fan command behind it answer once Klipper has them, not when done', async () => {
    const { sim, run } = await setUp({}, { acceptMs: 100 });
    const outcome = (command: Parameters<typeof run>[0]) =>
      Promise.race([
        run(command).then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        ),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3000)),
      ]);
    // the simulated clock stands still: the dwell (and the fan behind it) is not done
    expect(await outcome({ name: 'send_command', commands: ['G4 P15000'] })).toEqual({
      result: null,
    });
    expect(await outcome({ name: 'fan_state', on: true })).toEqual({ result: null });
    expect(sim.printer.fanSpeed).toBe(0);
    sim.printer.advance(16_000);
    await eventually(
      'fan on',
      () => sim.printer.fanSpeed,
      (speed) => speed === 1,
    );
  });

  it('a refusal that comes at once still fails the command', async () => {
    const { run } = await setUp({}, { acceptMs: 100 });
    await expect(
      run({ name: 'move_head', axis: 'x', distance: 500 }).catch((error: unknown) => error),
    ).resolves.toMatchObject({ code: expect.any(String) });
  });
});

describe('a typed G-code Klipper does not know (issue 10 #6)', () => {
  it('fails with Klipper\'s own answer instead of "ok"', async () => {
    const { run } = await setUp();
    const refusal = await run({ name: 'send_command', commands: ['FOO'] }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({
      code: 'invalid-command',
      message: 'Klipper: // Unknown command:"FOO"',
    });
    await expect(run({ name: 'send_command', commands: ['M106 S255'] })).resolves.toBeNull();
  });
});

describe('the same file printed again within a minute (issue 30)', () => {
  it('is a new print with a later start: its own identity, its own start event', async () => {
    const { sim, events, run, print, waitForPrinterState } = await setUp();
    const first = await print('again.gcode');
    await run({ name: 'cancel' });
    await waitForPrinterState('READY_TO_PRINT');
    const second = await print('again.gcode');
    expect(second!.started_at).toBeGreaterThan(first!.started_at!);
    const starts = await eventually(
      'two start events',
      () => events.filter((e) => e.name === 'job_started'),
      (found) => found.length === 2,
    );
    expect(starts.map((e) => e.startedAt)).toEqual([first!.started_at, second!.started_at]);
    expect(events.find((e) => e.name === 'job_cancelled')).toMatchObject({
      startedAt: first!.started_at,
    });
    expect(sim.printer.job.status).toBe('printing');
  });
});

describe('two Printdeck connections to one Moonraker (issue 30)', () => {
  it('a second agent is not refused: each identifies with a name of its own', async () => {
    const { sim } = await setUp();
    const second = new MoonrakerDriver({
      url: sim.url,
      log: silentLogger,
      localIpAddress: null,
      backoff: FAST_BACKOFF,
      requestTimeoutMs: 2000,
      heartbeatMs: 2000,
      pollMs: 50,
    });
    opened.push({ close: () => second.stop() });
    second.start();
    await eventually(
      'the second agent following',
      () => second.getState(),
      (state) => state.is_paired && state.error === null,
    );
  });
});
