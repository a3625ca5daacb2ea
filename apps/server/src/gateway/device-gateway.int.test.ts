import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BuiltUser } from '../../test-support/factories.js';
import { connectFakeAgent, eventually, readyState } from '../../test-support/fake-agent.js';
import { startServerWithWorkspace, type TestServer } from '../../test-support/test-server.js';

let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;

beforeAll(
  async () =>
    ({
      t,
      user: owner,
      workspaceId,
    } = await startServerWithWorkspace({
      gatewayLimits: {
        heartbeatMs: 150,
        helloDeadlineMs: 1000,
        commandTimeoutMs: 400,
        messagesPerSecond: 50,
        messageBurst: 100,
      },
    })),
);
afterAll(() => t.close());

async function addPrinter(name = `Printer ${Math.random().toString(36).slice(2, 6)}`) {
  const key = (await t.api('/api/device_keys/', { method: 'POST', token: owner.access })).body
    .token as string;
  const printer = await t.api('/api/printers/', {
    method: 'POST',
    token: owner.access,
    body: { group: workspaceId, name, token: key },
  });
  expect(printer.status).toBe(201);
  return { key, printerId: printer.body.id as number };
}

async function stateOf(printerId: number) {
  const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, { token: owner.access });
  return states.body.find((s: { printer_id: number }) => s.printer_id === printerId);
}

describe('device gateway', () => {
  it('refuses an unknown key during the upgrade with 401', async () => {
    await expect(connectFakeAgent(t.baseUrl, 'abcdefghijkl.' + 'x'.repeat(43))).rejects.toThrow(
      'upgrade refused: 401',
    );
    await expect(connectFakeAgent(t.baseUrl, 'nonsense')).rejects.toThrow('upgrade refused: 401');
  });

  it('a device says hello, pushes a snapshot and patches, and the API shows the derived state', async () => {
    const { key, printerId } = await addPrinter();
    expect((await stateOf(printerId)).printer_state).toBe('NOT_CONNECTED_TO_PROXY_SERVER');
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
    const ready = await eventually(async () => {
      const state = await stateOf(printerId);
      expect(state.printer_state).toBe('READY_TO_PRINT');
      return state;
    });
    expect(ready).toMatchObject({
      is_connected: true,
      temperature: { tool0: { actual: 21.5 } },
      local_ip_address: '192.168.1.50',
    });
    const printing = readyState().state;
    agent.send({
      type: 'state',
      kind: 'patch',
      state: {
        state: { text: 'Printing', flags: { ...printing.flags, printing: true, ready: false } },
      },
    });
    await eventually(async () => expect((await stateOf(printerId)).printer_state).toBe('PRINTING'));
    const printers = await t.api(`/api/groups/${workspaceId}/printers/`, { token: owner.access });
    expect(printers.body.find((p: { id: number }) => p.id === printerId).device_type).toBe(
      'octoprint',
    );
    agent.close();
    await eventually(async () =>
      expect((await stateOf(printerId)).printer_state).toBe('NOT_CONNECTED_TO_PROXY_SERVER'),
    );
  });

  it('routes a command to the device and returns its answer; an unanswered command is 408', async () => {
    const { key, printerId } = await addPrinter();
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
    agent.answer((request) =>
      request.command.name === 'home_head' ? { ok: true, result: null } : undefined,
    );
    await eventually(async () =>
      expect((await stateOf(printerId)).printer_state).toBe('READY_TO_PRINT'),
    );
    const home = await t.api(`/api/printers/${printerId}/home_head/`, {
      method: 'POST',
      token: owner.access,
      body: { axes: ['x', 'y'] },
    });
    expect(home.status).toBe(204);
    expect(agent.requests.at(-1)?.command).toEqual({ name: 'home_head', axes: ['x', 'y'] });
    const silent = await t.api(`/api/printers/${printerId}/fan_state/`, {
      method: 'POST',
      token: owner.access,
      body: { state: 'on' },
    });
    expect(silent.status).toBe(408);
    expect(silent.body.code).toBe('request_timeout');
    agent.close();
  });

  it('a second connection with the same key replaces the first, which is told why', async () => {
    const { key, printerId } = await addPrinter();
    const first = await connectFakeAgent(t.baseUrl, key);
    await first.hello();
    const second = await connectFakeAgent(t.baseUrl, key);
    await second.hello();
    expect((await first.closed).code).toBe(4409);
    second.send({ type: 'state', kind: 'snapshot', state: readyState() });
    await eventually(async () =>
      expect((await stateOf(printerId)).printer_state).toBe('READY_TO_PRINT'),
    );
    second.close();
  });

  it('drops a silent socket after the heartbeat; the printer reads offline, never failed', async () => {
    const { key, printerId } = await addPrinter();
    const agent = await connectFakeAgent(t.baseUrl, key, { autoPong: false });
    await agent.hello();
    agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
    const { code } = await agent.closed;
    expect(code).toBe(1006);
    const state = await stateOf(printerId);
    expect(state.printer_state).toBe('NOT_CONNECTED_TO_PROXY_SERVER');
    expect(state.printer_state).not.toBe('ERROR');
  });

  it('survives a reconnect storm with one key: one live connection at the end', async () => {
    const { key, printerId } = await addPrinter();
    const agents = await Promise.all(
      Array.from({ length: 30 }, () => connectFakeAgent(t.baseUrl, key)),
    );
    await Promise.all(agents.map((agent) => agent.hello()));
    const last = agents.at(-1)!;
    last.send({ type: 'state', kind: 'snapshot', state: readyState() });
    await eventually(async () => expect((await stateOf(printerId)).is_connected).toBe(true));
    const closedCodes = await Promise.all(
      agents.slice(0, -1).map((agent) => agent.closed.then((c) => c.code)),
    );
    expect(closedCodes.every((code) => code === 4409)).toBe(true);
    expect(t.server.services.devices.live.connectedCount()).toBeGreaterThanOrEqual(1);
    last.close();
  });

  it('closes a socket that sends an oversized message with 1009 and keeps serving', async () => {
    const { key } = await addPrinter();
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    agent.send('x'.repeat(3 * 1024 * 1024));
    expect((await agent.closed).code).toBe(1009);
    const again = await connectFakeAgent(t.baseUrl, key);
    await again.hello();
    expect((await t.api('/api/health')).status).toBe(200);
    again.close();
  });

  it('drops malformed messages with a log line and closes a socket that keeps sending them', async () => {
    const { key, printerId } = await addPrinter();
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    agent.send('not json');
    agent.send({ type: 'state', kind: 'snapshot', state: { is_paired: 'yes' } });
    agent.send({ type: 'unknown' });
    agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
    await eventually(async () =>
      expect((await stateOf(printerId)).printer_state).toBe('READY_TO_PRINT'),
    );
    expect(
      t.logs.filter((line) => line.msg === 'dropped a bad device message').length,
    ).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 40; i += 1) agent.send('garbage');
    expect((await agent.closed).code).toBe(1008);
  });

  it('a stream of bad frames writes a few log lines and a count, not one line each', async () => {
    const { key, printerId } = await addPrinter();
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    const before = t.logs.length;
    for (let i = 0; i < 25; i += 1) agent.send(`garbage ${i}`);
    agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
    await eventually(async () =>
      expect((await stateOf(printerId)).printer_state).toBe('READY_TO_PRINT'),
    );
    agent.close();
    const summary = await eventually(async () => {
      const line = t.logs
        .slice(before)
        .find((l) => l.msg === 'dropped more bad device messages without logging each');
      expect(line).toBeDefined();
      return line!;
    });
    const single = t.logs
      .slice(before)
      .filter((line) => line.msg === 'dropped a bad device message');
    expect(single.length).toBe(3);
    expect(summary.suppressed).toBe(22);
  });

  it('refuses more waiting commands than the per-device queue holds, with 409', async () => {
    const { key, printerId } = await addPrinter();
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
    await eventually(async () => expect((await stateOf(printerId)).is_connected).toBe(true));
    const calls = Array.from({ length: 40 }, () =>
      t.api(`/api/printers/${printerId}/fan_state/`, {
        method: 'POST',
        token: owner.access,
        body: { state: 'off' },
      }),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 409 || s === 408)).toBe(true);
    agent.close();
  });

  it('does not accept a socket that never says hello, and closes it as silent (the agent tries again)', async () => {
    const { key } = await addPrinter();
    const agent = await connectFakeAgent(t.baseUrl, key);
    expect(await agent.closed).toMatchObject({ code: 4408 });
  });

  it('a plain WebSocket to another path is refused', async () => {
    const socket = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/api/other`);
    const status = await new Promise<number>((resolve) =>
      socket.once('unexpected-response', (_q, response) => resolve(response.statusCode ?? 0)),
    );
    expect(status).toBe(404);
  });
});
