import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  readJson,
  slicedGcode,
  uploadForm,
  waitFor,
  type ApiInit,
  type LooseJson,
} from '../../test-support/clients.js';
import { EXTRA_EVENTS } from './extra-events.js';
import { startVirtualOctoPrint, type VirtualOctoPrint } from './server.js';

const KEY = 'PUSHKEY';
let sim: VirtualOctoPrint;
const api = (path: string, init?: ApiInit) => apiClient(sim, { 'X-Api-Key': KEY })(path, init);

/** A push-socket client keeping every message. */
async function openSocket(): Promise<{ ws: WebSocket; messages: LooseJson[] }> {
  const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/sockjs/websocket`);
  const messages: LooseJson[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as LooseJson));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, messages };
}

const find = (messages: LooseJson[], type: string) =>
  messages.filter((m) => type in m).map((m) => m[type]);

beforeAll(async () => {
  sim = await startVirtualOctoPrint({ speed: 0, apiKey: KEY, pushIntervalMs: 20, tickMs: 10 });
  sim.printer.advance(10_000);
});
afterAll(() => sim.close());

describe('virtual OctoPrint push socket', () => {
  it('sends connected at once, then history and currents after auth from a passive login', async () => {
    const { ws, messages } = await openSocket();
    await waitFor(() => find(messages, 'connected')[0], 'connected');
    const login = await readJson(await api('/api/login', { json: { passive: true } }));
    expect(login.name).toBe('printdeck');
    expect(typeof login.session).toBe('string');
    ws.send(JSON.stringify({ auth: `${login.name}:${login.session}` }));
    const history = await waitFor(() => find(messages, 'history')[0], 'history');
    expect(history.state).toMatchObject({ text: 'Operational', flags: { operational: true } });
    expect(history.temps.length).toBeGreaterThan(1);
    expect(history.temps[0]).toMatchObject({ tool0: { actual: 21.3, target: 0 } });
    const currents = await waitFor(
      () => find(messages, 'current').length >= 2 && find(messages, 'current'),
      'currents',
    );
    expect(currents[0]).toMatchObject({
      state: { text: 'Operational' },
      progress: { completion: null },
    });
    expect(Array.isArray(currents[0].logs)).toBe(true);
    ws.close();
  });

  it('carries the terminal in `logs`: Send:/Recv: lines, `ok`s, 2 s temperature reports, and the newest lines in `history`', async () => {
    const { ws, messages } = await openSocket();
    const login = await readJson(await api('/api/login', { json: { passive: true } }));
    ws.send(JSON.stringify({ auth: `${login.name}:${login.session}` }));
    await waitFor(() => find(messages, 'history')[0], 'history');
    const logs = () => find(messages, 'current').flatMap((current) => current.logs as string[]);
    await api('/api/printer/command', { json: { commands: ['M115', 'FOO'] } });
    sim.printer.advance(2000);
    await waitFor(
      () => logs().filter((line) => line.startsWith('Recv: T:')).length >= 1,
      'a report',
    );
    const sent = logs().filter((line) => !line.startsWith('Recv: T:'));
    expect(sent).toEqual([
      'Send: M115',
      'Recv: FIRMWARE_NAME:Virtual Marlin 1.0 PROTOCOL_VERSION:1.0 MACHINE_TYPE:Printdeck simulator',
      'Recv: ok',
      'Send: FOO',
      'Recv: echo:Unknown command: "FOO"',
      'Recv: ok',
    ]);
    expect(logs().find((line) => line.startsWith('Recv: T:'))).toMatch(
      /^Recv: T:\d+\.\d{2} \/\d+\.\d{2} B:\d+\.\d{2} \/\d+\.\d{2} @:64$/,
    );
    ws.close();
    // a new client's history brings the newest lines, filtered by its subscription
    const next = await openSocket();
    next.ws.send(JSON.stringify({ subscribe: { state: { logs: '^Recv: (?!T:)' } } }));
    next.ws.send(JSON.stringify({ auth: `${login.name}:${login.session}` }));
    const history = await waitFor(() => find(next.messages, 'history')[0], 'history');
    expect(history.logs).toEqual(expect.arrayContaining(['Recv: echo:Unknown command: "FOO"']));
    expect((history.logs as string[]).some((line) => /^(Send|Recv: T:)/.test(line))).toBe(false);
    next.ws.close();
  });

  it('stays silent past `connected` without a valid auth', async () => {
    const anonymous = await openSocket();
    anonymous.ws.send(JSON.stringify({ auth: 'printdeck:not-a-session' }));
    const badLogin = await readJson(
      await fetch(`${sim.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Api-Key': 'wrong' },
        body: '{"passive":true}',
      }),
    );
    expect(badLogin.name).toBeNull();
    expect(badLogin.session).toBeUndefined();
    const witness = await openSocket();
    const login = await readJson(await api('/api/login', { json: { passive: true } }));
    witness.ws.send(JSON.stringify({ auth: `printdeck:${login.session}` }));
    await waitFor(() => find(witness.messages, 'current').length >= 3, 'currents to the witness');
    expect(anonymous.messages.map((m) => Object.keys(m)[0])).toEqual(['connected']);
    anonymous.ws.close();
    witness.ws.close();
  });

  it('upload-and-print, then cancel: the events in OctoPrint 1.11.8 order (issue 30)', async () => {
    const { ws, messages } = await openSocket();
    const login = await readJson(await api('/api/login', { json: { passive: true } }));
    ws.send(JSON.stringify({ auth: `printdeck:${login.session}` }));
    await waitFor(() => find(messages, 'history')[0], 'history');
    const from = messages.length;
    const names = () =>
      find(messages.slice(from), 'event')
        .map((e) =>
          e.type === 'PrinterStateChanged' ? `state ${e.payload.state_string}` : (e.type as string),
        )
        .filter((name) => !EXTRA_EVENTS.has(name));
    await api('/api/files/local', {
      method: 'POST',
      body: uploadForm('ordered.gcode', slicedGcode(60), { print: 'true' }),
    });
    sim.printer.advance(2000);
    await waitFor(() => names().includes('state Printing'), 'Printing');
    expect(names()).toEqual([
      'FileAdded',
      'UpdatedFiles',
      'FileSelected',
      'state Starting',
      'PrintStarted',
      'state Printing',
    ]);
    const cancelFrom = names().length;
    await api('/api/job', { json: { command: 'cancel' } });
    sim.printer.advance(2000);
    await waitFor(() => names().includes('PrintFailed'), 'the late PrintFailed');
    expect(
      names()
        .slice(cancelFrom)
        .filter((n) => !n.startsWith('state')),
    ).toEqual(['PrintCancelling', 'PrintCancelled', 'PrintFailed']);
    const failed = find(messages.slice(from), 'event').find((e) => e.type === 'PrintFailed');
    expect(failed.payload).toMatchObject({ path: 'ordered.gcode', reason: 'cancelled' });
    ws.close();
  });

  it('pushes events and plugin messages: PrintStarted, PrinterStateChanged, psucontrol', async () => {
    const { ws, messages } = await openSocket();
    const login = await readJson(await api('/api/login', { json: { passive: true } }));
    ws.send(JSON.stringify({ auth: `printdeck:${login.session}` }));
    await waitFor(() => find(messages, 'history')[0], 'history');
    await api('/api/files/local', {
      method: 'POST',
      body: uploadForm('pushed.gcode', slicedGcode(60), { print: 'true' }),
    });
    const events = () => find(messages, 'event').map((e) => e.type as string);
    await waitFor(() => events().includes('PrintStarted'), 'PrintStarted');
    expect(find(messages, 'event').find((e) => e.type === 'PrintStarted').payload).toMatchObject({
      name: 'pushed.gcode',
      origin: 'local',
    });
    sim.printer.advance(2000);
    const printing = await waitFor(
      () => find(messages, 'current').find((c) => c.state.text === 'Printing'),
      'a Printing current',
    );
    expect(printing.busyFiles).toEqual([{ origin: 'local', path: 'pushed.gcode' }]);
    await waitFor(
      () =>
        find(messages, 'event').some(
          (e) => e.type === 'PrinterStateChanged' && e.payload.state_string === 'Printing',
        ),
      'PrinterStateChanged',
    );
    await api('/api/plugin/psucontrol', { json: { command: 'turnPSUOff' } });
    const plugin = await waitFor(() => find(messages, 'plugin')[0], 'plugin message');
    expect(plugin).toEqual({ plugin: 'psucontrol', data: { isPSUOn: false } });
    await waitFor(() => events().includes('PrintFailed'), 'PrintFailed');
    ws.close();
  });

  it('closes a client that sends more than the message cap, and keeps serving', async () => {
    const { ws } = await openSocket();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(70 * 1024));
    expect(await closed).toBe(1009);
    expect((await api('/api/version')).status).toBe(200);
  });
});
