import jpeg from 'jpeg-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, readJson as body, waitFor, type ApiInit } from '../../test-support/clients.js';
import { startVirtualOctoPrint, type VirtualOctoPrint } from './server.js';

const KEY = 'TESTKEY';
let sim: VirtualOctoPrint;
const api = (path: string, init?: ApiInit) => apiClient(sim, { 'X-Api-Key': KEY })(path, init);

/** Re-connects through the API and lets simulated time run the handshake. */
async function reconnect(): Promise<void> {
  expect((await api('/api/connection', { json: { command: 'connect' } })).status).toBe(204);
  sim.printer.advance(2000);
}

beforeAll(async () => {
  sim = await startVirtualOctoPrint({
    speed: 0,
    apiKey: KEY,
    name: 'Bench 1',
    camera: {},
    tickMs: 10,
  });
});
afterAll(() => sim.close());
beforeEach(async () => {
  sim.printer.setPower(true);
  if ((await body(await api('/api/job'))).state !== 'Operational') await reconnect();
});

describe('virtual OctoPrint: keys and errors', () => {
  it('answers 403, never 401, for a missing or wrong key', async () => {
    for (const headers of [{}, { 'X-Api-Key': 'wrong' }] as Record<string, string>[]) {
      const response = await fetch(`${sim.url}/api/version`, { headers });
      expect(response.status).toBe(403);
      expect(typeof (await body(response)).error).toBe('string');
    }
    expect((await fetch(`${sim.url}/api/job`)).status).toBe(403);
  });

  it('accepts the key as header, bearer token or query parameter', async () => {
    const version = await body(await api('/api/version'));
    expect(version).toEqual({ api: '0.1', server: '1.11.8', text: 'OctoPrint 1.11.8' });
    const bearer = await fetch(`${sim.url}/api/version`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(bearer.status).toBe(200);
    expect((await fetch(`${sim.url}/api/version?apikey=${KEY}`)).status).toBe(200);
  });

  it('checks a key with /api/currentuser: name is null when it is refused', async () => {
    expect((await body(await fetch(`${sim.url}/api/currentuser`))).name).toBeNull();
    const user = await body(await api('/api/currentuser'));
    expect(user.name).toBe('printdeck');
    expect(user.permissions).toContain('PLUGIN_PSUCONTROL_CONTROL');
  });

  it('answers 415 without a JSON content type and 400 for bad commands', async () => {
    const noType = await api('/api/printer/command', {
      method: 'POST',
      body: '{"command":"M105"}',
    });
    expect(noType.status).toBe(415);
    const malformed = await api('/api/job', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(malformed.status).toBe(400);
    const unknown = await api('/api/job', { json: { command: 'explode' } });
    expect([unknown.status, (await body(unknown)).error]).toEqual([400, 'command is invalid']);
    const missing = await api('/api/printer/tool', { json: { command: 'target' } });
    expect([missing.status, (await body(missing)).error]).toEqual([
      400,
      'Mandatory parameters missing',
    ]);
  });
});

describe('virtual OctoPrint: connection', () => {
  it('answers 409 on printer endpoints while not connected, and reports Offline/Closed', async () => {
    expect((await api('/api/connection', { json: { command: 'disconnect' } })).status).toBe(204);
    for (const path of ['/api/printer', '/api/printer/tool', '/api/printer/bed']) {
      const response = await api(path);
      expect([path, response.status]).toEqual([path, 409]);
      expect((await body(response)).error).toBe('Printer is not operational');
    }
    expect((await api('/api/printer/command', { json: { command: 'M105' } })).status).toBe(409);
    expect((await api('/api/job', { json: { command: 'start' } })).status).toBe(409);
    expect((await body(await api('/api/job'))).state).toBe('Offline');
    const connection = await body(await api('/api/connection'));
    expect(connection.current).toMatchObject({ state: 'Closed', port: null, baudrate: null });
  });

  it('connects through Opening serial connection and Connecting', async () => {
    await api('/api/connection', { json: { command: 'disconnect' } });
    await api('/api/connection', {
      json: { command: 'connect', port: 'VIRTUAL', baudrate: 115200 },
    });
    expect((await body(await api('/api/connection'))).current.state).toBe(
      'Opening serial connection',
    );
    sim.printer.advance(500);
    expect((await body(await api('/api/job'))).state).toBe('Connecting');
    sim.printer.advance(1000);
    const printer = await body(await api('/api/printer'));
    expect(printer.state.text).toBe('Operational');
    expect(printer.state.flags).toMatchObject({
      operational: true,
      ready: true,
      closedOrError: false,
    });
    expect(printer.state.error).toBe('');
  });

  it('refuses an unknown port or baud rate', async () => {
    const port = await api('/api/connection', { json: { command: 'connect', port: '/dev/nope' } });
    expect([port.status, (await body(port)).error]).toEqual([400, 'port is invalid']);
    const baud = await api('/api/connection', { json: { command: 'connect', baudrate: 12 } });
    expect((await body(baud)).error).toBe('baudrate is invalid');
  });
});

describe('virtual OctoPrint: control', () => {
  it('ramps the hotend toward its target', async () => {
    expect(
      (await api('/api/printer/tool', { json: { command: 'target', targets: { tool0: 200 } } }))
        .status,
    ).toBe(204);
    await waitFor(() => sim.printer.extruder.target === 200, 'the target');
    sim.printer.advance(10_000);
    const halfway = (await body(await api('/api/printer/tool'))).tool0;
    expect(halfway.target).toBe(200);
    expect(halfway.actual).toBeGreaterThan(60);
    expect(halfway.actual).toBeLessThan(200);
    sim.printer.advance(30_000);
    expect((await body(await api('/api/printer/tool'))).tool0.actual).toBe(200);
    await api('/api/printer/tool', { json: { command: 'target', targets: { tool0: 0 } } });
  });

  it('validates heater commands the way OctoPrint does', async () => {
    const tool = await api('/api/printer/tool', {
      json: { command: 'target', targets: { tool7: 1 } },
    });
    expect((await body(tool)).error).toBe('targets contains invalid tool');
    const negative = await api('/api/printer/tool', {
      json: { command: 'target', targets: { tool0: -5 } },
    });
    expect(negative.status).toBe(500);
    expect(
      (await api('/api/printer/bed', { json: { command: 'target', target: 60 } })).status,
    ).toBe(204);
    await waitFor(() => sim.printer.bed.target === 60, 'the bed target');
    const history = await body(await api('/api/printer?history=true&limit=3'));
    expect(history.temperature.history).toHaveLength(3);
    expect(Object.keys(history.temperature.history[0])).toEqual(['time', 'tool0', 'bed']);
  });

  it('homes, jogs, extrudes and runs raw commands', async () => {
    await api('/api/printer/printhead', { json: { command: 'home', axes: ['x', 'y', 'z'] } });
    await waitFor(() => {
      sim.printer.advance(500);
      return sim.printer.toolhead.homedAxes === 'xyz';
    }, 'homing');
    await api('/api/printer/printhead', { json: { command: 'jog', x: 10, y: 5 } });
    await api('/api/printer/printhead', { json: { command: 'jog', x: 10, speed: false } });
    await waitFor(() => sim.printer.toolhead.position.x === 20, 'the jogs');
    expect(sim.printer.toolhead.position.y).toBe(5);
    const badAxis = await api('/api/printer/printhead', { json: { command: 'home', axes: ['q'] } });
    expect(badAxis.status).toBe(400);
    await api('/api/printer/command', { json: { commands: ['M106 S255', 'M150 R0 U255 B0'] } });
    await waitFor(
      () => sim.printer.fanSpeed === 1 && sim.printer.lights.green === 1,
      'fan and LED',
    );
    await api('/api/printer/command', { json: { command: 'M18' } });
    await waitFor(() => sim.printer.toolhead.homedAxes === '', 'motors off');
    const both = await api('/api/printer/command', { json: { command: 'M18', commands: ['M18'] } });
    expect(both.status).toBe(400);
    expect((await api('/api/printer/command', { json: { script: 'nope' } })).status).toBe(404);
  });

  it('on M112 closes the port at once: Offline after error with its own words (issue 30)', async () => {
    expect((await api('/api/printer/command', { json: { command: 'M112' } })).status).toBe(204);
    const job = await body(await api('/api/job'));
    expect(job).toMatchObject({
      state: 'Offline after error',
      error: 'Closing serial port due to emergency stop M112.',
    });
    expect((await body(await api('/api/printer/error'))).error).toBe(
      'Closing serial port due to emergency stop M112.',
    );
    expect((await api('/api/printer')).status).toBe(409);
  });
});

describe('virtual OctoPrint: PSU Control', () => {
  it('reads and switches the relay; power off drops to Offline after error', async () => {
    expect(await body(await api('/api/plugin/psucontrol'))).toEqual({ isPSUOn: true });
    expect((await api('/api/plugin/psucontrol', { json: { command: 'turnPSUOff' } })).status).toBe(
      204,
    );
    const state = await body(
      await api('/api/plugin/psucontrol', { json: { command: 'getPSUState' } }),
    );
    expect(state).toEqual({ isPSUOn: false });
    sim.printer.advance(500);
    const job = await body(await api('/api/job'));
    expect(job.state).toBe('Offline after error');
    expect(job.error).toMatch(/^SerialException.*device disconnected/);
    await api('/api/plugin/psucontrol', { json: { command: 'togglePSU' } });
    sim.printer.advance(5000);
    // power on does not reconnect by itself
    expect((await body(await api('/api/job'))).state).toBe('Offline after error');
  });

  it('a POST without a valid key fails the CSRF check first: 400, nothing switched', async () => {
    const response = await fetch(`${sim.url}/api/plugin/psucontrol`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"command":"turnPSUOff"}',
    });
    expect([response.status, await response.json()]).toEqual([
      400,
      { error: 'CSRF validation failed' },
    ]);
    expect(sim.printer.isPowered).toBe(true);
  });
});

describe('virtual OctoPrint: camera', () => {
  it('serves a valid JPEG at /downloads/camera/current that changes with the state', async () => {
    const first = await api('/downloads/camera/current');
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('content-disposition')).toBe('attachment; filename="snapshot"');
    const idle = Buffer.from(await first.arrayBuffer());
    expect(jpeg.decode(idle)).toMatchObject({ width: 320, height: 240 });
    await api('/api/connection', { json: { command: 'disconnect' } });
    const offline = Buffer.from(await (await api('/downloads/camera/current')).arrayBuffer());
    expect(jpeg.decode(offline).width).toBe(320);
    expect(offline.length).not.toBe(idle.length);
  });

  it('needs the key there, but not on the webcam URL from the settings', async () => {
    expect((await fetch(`${sim.url}/downloads/camera/current`)).status).toBe(403);
    const settings = await body(await api('/api/settings'));
    expect(settings.webcam.snapshotUrl).toBe(`${sim.url}/webcam/?action=snapshot`);
    const snapshot = await fetch(settings.webcam.snapshotUrl);
    expect([snapshot.status, snapshot.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });
});

describe('virtual OctoPrint without plugins or camera', () => {
  let bare: VirtualOctoPrint;
  beforeAll(async () => {
    bare = await startVirtualOctoPrint({ speed: 0, apiKey: KEY, psuControl: false, camera: false });
  });
  afterAll(() => bare.close());

  it('answers 404 to GET and 400 to POST for a missing PSU plugin; a stock webcam cannot snapshot', async () => {
    const headers = { 'X-Api-Key': KEY, 'content-type': 'application/json' };
    expect((await fetch(`${bare.url}/api/plugin/psucontrol`, { headers })).status).toBe(404);
    const post = await fetch(`${bare.url}/api/plugin/psucontrol`, {
      method: 'POST',
      headers,
      body: '{"command":"turnPSUOn"}',
    });
    expect(post.status).toBe(400);
    const snapshot = await fetch(`${bare.url}/downloads/camera/current`, { headers });
    expect(snapshot.status).toBe(500);
    expect(snapshot.headers.get('content-type')).toMatch(/^text\/html/);
    const settings = (await (await fetch(`${bare.url}/api/settings`, { headers })).json()) as {
      webcam: { webcams: unknown[]; snapshotUrl: string };
    };
    expect(settings.webcam.webcams).toMatchObject([{ name: 'classic', canSnapshot: false }]);
    expect(settings.webcam.snapshotUrl).toBe('');
  });

  it('a state-changing request with a wrong key is 400 CSRF, a read 403', async () => {
    const headers = { 'X-Api-Key': 'WRONG', 'content-type': 'application/json' };
    const post = await fetch(`${bare.url}/api/job`, {
      method: 'POST',
      headers,
      body: '{"command":"start"}',
    });
    expect([post.status, await post.json()]).toEqual([400, { error: 'CSRF validation failed' }]);
    expect((await fetch(`${bare.url}/api/job`, { headers })).status).toBe(403);
  });
});
