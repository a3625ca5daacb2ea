import jpeg from 'jpeg-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  readJson,
  RpcClient,
  rpcFailure,
  startMoonrakerClient,
  waitFor,
  websocketUrl,
  type ApiInit,
  type LooseJson,
} from '../../test-support/clients.js';
import { startVirtualMoonraker, type VirtualMoonraker } from './server.js';

let sim: VirtualMoonraker;
let rpc: RpcClient;
let stop: () => Promise<void>;
const http = (path: string, init?: ApiInit) => apiClient(sim, {})(path, init);

beforeAll(async () => {
  ({ sim, rpc, stop } = await startMoonrakerClient({
    speed: 0,
    statusIntervalMs: 20,
    tickMs: 10,
    printer: { homingSeconds: 0 },
  }));
});
afterAll(() => stop());
afterEach(async () => {
  await rpc.call('printer.gcode.script', { script: 'M84\nM104 S0' });
});

describe('virtual Moonraker: transports', () => {
  it('wraps HTTP results in `result`, and answers the same over the websocket', async () => {
    const response = await http('/server/info');
    const info = (await readJson(response)).result;
    expect(info).toMatchObject({
      klippy_connected: true,
      klippy_state: 'ready',
      api_version_string: '1.5.0',
    });
    expect(info.components).toContain('power');
    expect(info.websocket_count).toBe(1);
    expect(await rpc.call('server.info')).toMatchObject({ klippy_state: 'ready' });
    expect(await rpc.call('printer.info')).toMatchObject({
      state: 'ready',
      state_message: 'Printer is ready',
    });
  });

  it('refuses a second `agent` with the same name while the first is connected (issue 30)', async () => {
    const identify = (client: RpcClient, name: string) =>
      client.call('server.connection.identify', {
        client_name: name,
        version: '1',
        type: 'agent',
        url: 'https://example.invalid',
      });
    const first = await RpcClient.connect(websocketUrl(sim));
    const second = await RpcClient.connect(websocketUrl(sim));
    await identify(first, 'twin');
    const refused = await rpcFailure(identify(second, 'twin'));
    expect([refused.code, refused.message]).toEqual([
      400,
      "Agent 'twin' already registered and connected'",
    ]);
    await identify(second, 'other-twin');
    first.close();
    const third = await RpcClient.connect(websocketUrl(sim));
    await waitFor(async () => {
      try {
        return Boolean(await identify(third, 'twin'));
      } catch {
        return false;
      }
    }, 'the name free again');
    second.close();
    third.close();
  });

  it('maps JSON-RPC errors: unknown method, bad params, bad JSON, bad version', async () => {
    expect((await rpcFailure(rpc.call('printer.nothing'))).code).toBe(-32601);
    expect((await http('/printer/nothing')).status).toBe(404);
    const raw = await RpcClient.connect(websocketUrl(sim));
    const answers: LooseJson[] = [];
    raw.ws.on('message', (data) => answers.push(JSON.parse(data.toString()) as LooseJson));
    raw.ws.send('{oops');
    raw.ws.send(JSON.stringify({ jsonrpc: '1.0', method: 'server.info', id: 7 }));
    raw.ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'server.info', params: [1], id: 8 }));
    await waitFor(() => answers.length >= 3, 'three answers');
    expect(answers.map((a) => a.error?.code).sort()).toEqual([-32700, -32602, -32600].sort());
    raw.close();
  });

  it('answers a batch, and JSON-RPC over HTTP with 200 even for errors', async () => {
    const response = await http('/server/jsonrpc', {
      json: [
        { jsonrpc: '2.0', method: 'server.info', id: 1 },
        { jsonrpc: '2.0', method: 'no.such', id: 2 },
        { jsonrpc: '2.0', method: 'printer.objects.subscribe', params: { objects: {} }, id: 3 },
      ],
    });
    expect(response.status).toBe(200);
    const [ok, missing, subscribe] = (await response.json()) as LooseJson[];
    expect(ok?.result).toBeDefined();
    expect(missing?.error?.code).toBe(-32601);
    expect(subscribe?.error?.code).toBe(-32601);
    const plain = await http('/printer/objects/subscribe?webhooks', { method: 'POST' });
    expect(plain.status).toBe(400);
    expect((await readJson(plain)).error.message).toBe(
      'No connection associated with subscription request',
    );
  });
});

describe('virtual Moonraker: objects', () => {
  it('lists objects with macros in their configured case', async () => {
    const { objects } = (await rpc.call('printer.objects.list')) as { objects: string[] };
    expect(objects).toEqual(
      expect.arrayContaining(['webhooks', 'print_stats', 'toolhead', 'gcode_macro START_PRINT']),
    );
  });

  it('queries by query string and by body; unknown objects and fields are left out', async () => {
    const byQuery = (
      await readJson(await http('/printer/objects/query?toolhead=homed_axes,nope&nothing&webhooks'))
    ).result;
    expect(byQuery.status).toEqual({
      toolhead: { homed_axes: '' },
      webhooks: { state: 'ready', state_message: 'Printer is ready' },
    });
    expect(typeof byQuery.eventtime).toBe('number');
    const byBody = (
      await readJson(
        await http('/printer/objects/query', { json: { objects: { extruder: ['target'] } } }),
      )
    ).result;
    expect(byBody.status).toEqual({ extruder: { target: 0 } });
    const settings = (await rpc.call('printer.objects.query', {
      objects: { configfile: ['settings'] },
    })) as LooseJson;
    expect(settings.status.configfile.settings['gcode_macro turn_off_motors'].description).toBe(
      'G-Code macro',
    );
    // parsed values in `settings`, the file's strings in `config` (klippy/configfile.py)
    const config = (await rpc.call('printer.objects.query', {
      objects: { configfile: ['settings', 'config'], mcu: null },
    })) as LooseJson;
    expect(config.status.configfile.settings.extruder.max_temp).toBeTypeOf('number');
    expect(config.status.configfile.config.extruder.max_temp).toBeTypeOf('string');
    expect(config.status.mcu.mcu_version).toBeTypeOf('string');
  });
});

describe('virtual Moonraker: G-code', () => {
  it('refuses a move before homing with 400 and broadcasts it as `!!`', async () => {
    const response = await http('/printer/gcode/script?script=G1%20X110', { method: 'POST' });
    expect(response.status).toBe(400);
    expect((await readJson(response)).error).toEqual({
      code: 400,
      message: 'Must home axis first: 110.000 0.000 0.000 [0.000]',
    });
    const error = await rpcFailure(rpc.call('printer.gcode.script', { script: 'G1 Y5' }));
    expect([error.code, error.message]).toEqual([
      400,
      'Must home axis first: 0.000 5.000 0.000 [0.000]',
    ]);
    await rpc.next(
      'notify_gcode_response',
      ([line]) => line === '!! Must home axis first: 0.000 5.000 0.000 [0.000]',
    );
  });

  it('moves once homed, and refuses a move out of range', async () => {
    expect(await rpc.call('printer.gcode.script', { script: 'G28\nG1 X100 Y50' })).toBe('ok');
    const query = (await rpc.call('printer.objects.query', {
      objects: { toolhead: ['homed_axes', 'position'] },
    })) as LooseJson;
    expect(query.status.toolhead).toEqual({ homed_axes: 'xyz', position: [100, 50, 0, 0] });
    const error = await rpcFailure(rpc.call('printer.gcode.script', { script: 'G1 X300' }));
    expect(error.message).toBe('Move out of range: 300.000 50.000 0.000 [0.000]');
  });

  it('refuses to extrude cold, answers ok for unknown commands', async () => {
    const cold = await rpcFailure(rpc.call('printer.gcode.script', { script: 'G28\nG1 E5' }));
    expect(cold.message).toMatch(/^Extrude below minimum temp/);
    expect(await rpc.call('printer.gcode.script', { script: 'FROBNICATE' })).toBe('ok');
    await rpc.next('notify_gcode_response', ([line]) => line === '// Unknown command:"FROBNICATE"');
  });

  it('lists commands and macros with their descriptions, and runs a macro', async () => {
    const help = (await readJson(await http('/printer/gcode/help'))).result;
    expect(help).toMatchObject({
      START_PRINT: 'Heat up, home and prime',
      TURN_OFF_MOTORS: 'G-Code macro',
      FIRMWARE_RESTART: 'Restart firmware, host, and reload config',
    });
    await rpc.call('printer.gcode.script', { script: 'START_PRINT BED=70 EXTRUDER=0' });
    expect(sim.printer.bed.target).toBe(70);
    expect(sim.printer.toolhead.homedAxes).toBe('xyz');
    await rpc.call('printer.gcode.script', { script: 'M140 S0' });
  });

  it('keeps the console in the G-code store, oldest first, with count and type hints', async () => {
    await rpc.call('printer.gcode.script', { script: 'M117 store me' });
    await rpc.call('printer.gcode.script', { script: 'M105' });
    const { gcode_store: store } = (await rpc.call('server.gcode_store', {
      count: 3,
    })) as LooseJson;
    expect(store).toHaveLength(3);
    expect(store.map((e: LooseJson) => e.type)).toEqual(['command', 'command', 'response']);
    expect(store[0].message).toBe('M117 store me');
    expect(store[2].message).toMatch(/^ok T:/);
    const viaHttp = (await readJson(await http('/server/gcode_store?count:int=1'))).result
      .gcode_store;
    expect(viaHttp).toHaveLength(1);
    expect((await http('/server/gcode_store?count:int=many')).status).toBe(400);
  });
});

describe('virtual Moonraker: webcams and temperatures', () => {
  it('lists a webcam with relative URLs served by the simulator as a real JPEG', async () => {
    const { webcams } = (await rpc.call('server.webcams.list')) as LooseJson;
    expect(webcams[0]).toMatchObject({
      name: 'cam',
      snapshot_url: '/webcam/?action=snapshot',
      enabled: true,
    });
    const snapshot = await fetch(`${sim.url}${webcams[0].snapshot_url}`);
    expect(snapshot.headers.get('content-type')).toBe('image/jpeg');
    const frame = Buffer.from(await snapshot.arrayBuffer());
    expect(jpeg.decode(frame)).toMatchObject({ width: 320, height: 240 });
    await rpc.call('printer.gcode.script', { script: 'M104 S150' });
    sim.printer.advance(30_000);
    const hot = Buffer.from(
      await (await fetch(`${sim.url}${webcams[0].snapshot_url}`)).arrayBuffer(),
    );
    expect(hot.length).not.toBe(frame.length);
    const test = (await rpc.call('server.webcams.test', { uid: webcams[0].uid })) as LooseJson;
    expect(test.snapshot_url).toBe(`${sim.url}/webcam/?action=snapshot`);
  });

  it('keeps a temperature store of one-second samples', async () => {
    sim.printer.advance(5000);
    const store = (await readJson(await http('/server/temperature_store'))).result;
    expect(store.extruder.temperatures.length).toBe(store.extruder.targets.length);
    expect(store.heater_bed.powers.length).toBeGreaterThan(4);
  });
});

describe('virtual Moonraker with an API key', () => {
  let secure: VirtualMoonraker;
  beforeAll(async () => {
    secure = await startVirtualMoonraker({
      speed: 0,
      apiKey: 'MOONKEY',
      camera: false,
      powerDevices: [],
    });
  });
  afterAll(() => secure.close());

  it('answers 401 without the key, and takes X-Api-Key', async () => {
    expect((await fetch(`${secure.url}/server/info`)).status).toBe(401);
    const ok = await fetch(`${secure.url}/server/info`, { headers: { 'X-Api-Key': 'MOONKEY' } });
    const info = (await readJson(ok)).result;
    expect(info.components).not.toContain('power');
  });

  it('authenticates a websocket by oneshot token or by identify; refuses calls before', async () => {
    const anonymous = await RpcClient.connect(websocketUrl(secure));
    expect((await rpcFailure(anonymous.call('server.info'))).code).toBe(-32602);
    const badKey = rpcFailure(
      anonymous.call('server.connection.identify', {
        client_name: 'printdeck',
        version: '1',
        type: 'agent',
        url: 'x',
        api_key: 'no',
      }),
    );
    expect((await badKey).code).toBe(-32602);
    const identified = (await anonymous.call('server.connection.identify', {
      client_name: 'printdeck',
      version: '1',
      type: 'agent',
      url: 'https://printdeck.invalid',
      api_key: 'MOONKEY',
    })) as LooseJson;
    expect(typeof identified.connection_id).toBe('number');
    expect(await anonymous.call('server.info')).toMatchObject({ klippy_state: 'ready' });
    anonymous.close();

    const token = (
      await readJson(
        await fetch(`${secure.url}/access/oneshot_token`, { headers: { 'X-Api-Key': 'MOONKEY' } }),
      )
    ).result;
    const withToken = await RpcClient.connect(`${websocketUrl(secure)}?token=${token}`);
    expect(await withToken.call('server.info')).toMatchObject({ klippy_connected: true });
    withToken.close();
  });

  it('has no power endpoints and an empty webcam list when none are configured', async () => {
    const headers = { 'X-Api-Key': 'MOONKEY' };
    expect((await fetch(`${secure.url}/machine/device_power/devices`, { headers })).status).toBe(
      404,
    );
    const cams = (await readJson(await fetch(`${secure.url}/server/webcams/list`, { headers })))
      .result;
    expect(cams.webcams).toEqual([]);
  });
});
