import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  readJson,
  restartKlippy,
  RpcClient,
  rpcFailure,
  slicedGcode,
  startMoonrakerClient,
  uploadForm,
  websocketUrl,
  type LooseJson,
} from '../../test-support/clients.js';
import { startVirtualMoonraker, type VirtualMoonraker } from './server.js';

let sim: VirtualMoonraker;
let rpc: RpcClient;
let stop: () => Promise<void>;

async function klippyState(): Promise<string> {
  return ((await rpc.call('server.info')) as LooseJson).klippy_state as string;
}

/** Back to a ready Klippy with power on, whatever a test left behind. */
async function ready(): Promise<void> {
  await rpc.call('machine.device_power.on', { printer: null });
  if ((await klippyState()) !== 'ready') await restartKlippy(sim, rpc);
  expect(await klippyState()).toBe('ready');
}

beforeAll(async () => {
  ({ sim, rpc, stop } = await startMoonrakerClient({ speed: 0, statusIntervalMs: 20, tickMs: 10 }));
});
afterAll(() => stop());
beforeEach(ready);

describe('virtual Moonraker: subscriptions', () => {
  it('answers with the full status, then sends only the fields that changed', async () => {
    const client = await RpcClient.connect(websocketUrl(sim));
    const reply = (await client.call('printer.objects.subscribe', {
      objects: {
        extruder: ['temperature', 'target'],
        toolhead: ['homed_axes'],
        print_stats: ['state'],
      },
    })) as LooseJson;
    expect(reply.status).toEqual({
      extruder: { temperature: 22, target: 0 },
      toolhead: { homed_axes: '' },
      print_stats: { state: 'standby' },
    });
    await client.call('printer.gcode.script', { script: 'M104 S200' });
    const [targetUpdate, eventtime] = await client.next('notify_status_update');
    expect(targetUpdate).toEqual({ extruder: { target: 200 } });
    expect(typeof eventtime).toBe('number');
    sim.printer.advance(10_000);
    const [heating] = await client.next(
      'notify_status_update',
      ([diff]) => 'temperature' in ((diff as LooseJson).extruder ?? {}),
    );
    expect(heating).toEqual({ extruder: { temperature: expect.any(Number) } });
    for (const { params } of client.notifications.filter(
      (n) => n.method === 'notify_status_update',
    )) {
      expect(Object.keys(params[0] as LooseJson)).toEqual(['extruder']);
    }
    await client.call('printer.objects.subscribe', { objects: {} });
    client.close();
    await rpc.call('printer.gcode.script', { script: 'M104 S0' });
  });
});

describe('virtual Moonraker: Klippy states', () => {
  it('emergency stop: shutdown with its message, refuses G-code, leaves the job paused (not error)', async () => {
    await fetch(`${sim.url}/server/files/upload`, {
      method: 'POST',
      body: uploadForm('estop.gcode', slicedGcode(600), { print: 'true' }),
    });
    expect(await rpc.call('printer.emergency_stop')).toBe('ok');
    await rpc.next('notify_klippy_shutdown');
    const info = (await rpc.call('printer.info')) as LooseJson;
    expect(info.state).toBe('shutdown');
    expect(info.state_message).toMatch(
      /^Shutdown due to webhooks request\nOnce the underlying issue/,
    );
    const refused = await rpcFailure(rpc.call('printer.gcode.script', { script: 'G28' }));
    expect([refused.code, refused.message]).toEqual([400, info.state_message]);
    const job = (await rpc.call('printer.objects.query', {
      objects: { print_stats: ['state'] },
    })) as LooseJson;
    // virtual_sdcard.py pauses its work on shutdown: print_stats says paused, never error
    expect(job.status.print_stats.state).toBe('paused');
    expect(await rpc.call('printer.gcode.script', { script: 'M105' })).toBe('ok');
    expect(await rpc.call('printer.gcode.script', { script: 'M115' })).toBe('ok');
  });

  it('firmware restart: disconnected (503), startup, ready; subscriptions are dropped', async () => {
    const client = await RpcClient.connect(websocketUrl(sim));
    await client.call('printer.objects.subscribe', { objects: { extruder: ['target'] } });
    await rpc.call('printer.emergency_stop');
    expect(await rpc.call('printer.firmware_restart')).toBe('ok');
    await client.next('notify_klippy_disconnected');
    expect(await klippyState()).toBe('disconnected');
    const missing = await rpcFailure(rpc.call('printer.info'));
    expect([missing.code, missing.message]).toEqual([-32601, 'Method not found']);
    // Moonraker's own aliases stay registered (klippy_apis.py): 503, not "Method not found"
    for (const method of [
      'printer.firmware_restart',
      'printer.print.start',
      'printer.print.pause',
    ]) {
      const gone = await rpcFailure(rpc.call(method, { filename: 'cube.gcode' }));
      expect([method, gone.code, gone.message]).toEqual([method, 503, 'Klippy Host not connected']);
    }
    const offline = await fetch(`${sim.url}/printer/info`);
    expect([offline.status, (await readJson(offline)).error.message]).toEqual([
      503,
      'Klippy Host not connected',
    ]);
    sim.printer.advance(1000);
    const startup = (await rpc.call('printer.info')) as LooseJson;
    expect(startup.state).toBe('startup');
    expect(startup.state_message).toMatch(/^\nPrinter is not ready/);
    sim.printer.advance(3000);
    await client.next('notify_klippy_ready');
    await client.next('notify_gcode_response', ([line]) => line === '// Klipper state: Ready');
    const job = (await rpc.call('printer.objects.query', {
      objects: { print_stats: ['state'] },
    })) as LooseJson;
    expect(job.status.print_stats.state).toBe('standby');
    const before = client.notifications.length;
    const witness = await RpcClient.connect(websocketUrl(sim));
    await witness.call('printer.objects.subscribe', { objects: { extruder: ['target'] } });
    await rpc.call('printer.gcode.script', { script: 'M104 S100' });
    await witness.next(
      'notify_status_update',
      ([diff]) => (diff as LooseJson).extruder?.target === 100,
    );
    expect(
      client.notifications.slice(before).some((n) => n.method === 'notify_status_update'),
    ).toBe(false);
    witness.close();
    client.close();
    await rpc.call('printer.gcode.script', { script: 'M104 S0' });
  });

  it('M112 in a script shuts down with "Shutdown due to M112 command"', async () => {
    await rpc.call('printer.gcode.script', { script: 'M112' });
    const info = (await rpc.call('printer.info')) as LooseJson;
    expect([info.state, info.state_message.split('\n')[0]]).toEqual([
      'shutdown',
      'Shutdown due to M112 command',
    ]);
  });
});

describe('virtual Moonraker: power devices', () => {
  it('lists and switches the printer relay; power off shuts Klippy down, on restarts it', async () => {
    const { devices } = (await rpc.call('machine.device_power.devices')) as LooseJson;
    expect(devices).toEqual([
      { device: 'printer', status: 'on', locked_while_printing: true, type: 'gpio' },
    ]);
    const off = await fetch(`${sim.url}/machine/device_power/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device: 'printer', action: 'off' }),
    });
    expect((await readJson(off)).result).toEqual({ printer: 'off' });
    await rpc.next('notify_power_changed', ([d]) => (d as LooseJson).status === 'off');
    const info = (await rpc.call('printer.info')) as LooseJson;
    expect(info.state).toBe('shutdown');
    expect(info.state_message).toMatch(/^Lost communication with MCU 'mcu'/);
    await restartKlippy(sim, rpc);
    const error = (await rpc.call('printer.info')) as LooseJson;
    expect(error.state).toBe('error');
    expect(error.state_message).toMatch(
      /^mcu 'mcu': Unable to connect[\s\S]*Error configuring printer\n$/,
    );
    expect(
      await rpc.call('machine.device_power.post_device', { device: 'printer', action: 'toggle' }),
    ).toEqual({ printer: 'on' });
    sim.printer.advance(1000);
    sim.printer.advance(4000);
    expect(await klippyState()).toBe('ready');
  });

  it('refuses to switch while printing, an unknown device and a bad action', async () => {
    await fetch(`${sim.url}/server/files/upload`, {
      method: 'POST',
      body: uploadForm('locked.gcode', slicedGcode(600), { print: 'true' }),
    });
    const locked = await rpcFailure(rpc.call('machine.device_power.off', { printer: null }));
    expect([locked.code, locked.message]).toEqual([
      400,
      'Unable to change power for printer while printing',
    ]);
    await rpc.call('printer.print.cancel');
    const unknown = await rpcFailure(
      rpc.call('machine.device_power.get_device', { device: 'toaster' }),
    );
    expect(unknown.message).toBe('No valid device named toaster');
    const action = await rpcFailure(
      rpc.call('machine.device_power.post_device', { device: 'printer', action: 'dim' }),
    );
    expect(action.message).toBe("Invalid requested action 'dim'");
    const batch = (
      await readJson(await fetch(`${sim.url}/machine/device_power/status?printer&lights`))
    ).result;
    expect(batch).toEqual({ printer: 'on', lights: 'device_not_found' });
  });
});

describe('virtual Moonraker booting its Klippy', () => {
  let booting: VirtualMoonraker;
  beforeAll(async () => {
    booting = await startVirtualMoonraker({ speed: 0, bootKlippy: true, camera: false });
  });
  afterAll(() => booting.close());

  it('answers 404 for Klipper endpoints until Klippy first connects, then comes up ready', async () => {
    const before = await fetch(`${booting.url}/printer/info`);
    expect(before.status).toBe(404);
    expect((await readJson(await fetch(`${booting.url}/server/info`))).result.klippy_state).toBe(
      'disconnected',
    );
    booting.printer.advance(5000);
    const after = await readJson(await fetch(`${booting.url}/printer/info`));
    expect(after.result.state).toBe('ready');
  });
});
