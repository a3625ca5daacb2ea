import { rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildPrinterWithAgent,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { eventually, readyState, type FakeAgent } from '../../../test-support/fake-agent.js';
import { openStatesStream, type StreamEvent } from '../../../test-support/states-stream.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';

/** Printer states as a stream of changes (issue 31): a real server and agents over the gateway. */
let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;

beforeAll(
  async () =>
    ({
      t,
      user: admin,
      workspaceId,
    } = await startServerWithWorkspace({
      statesStream: {
        flushMs: 10,
        heartbeatMs: 50,
        recheckMs: 50,
        resyncMs: 600_000,
        maxBufferedBytes: 8192,
      },
    })),
);
afterAll(() => t.close());

const tool0 = (actual: number) => ({ tool0: { actual, target: 210 }, bed: null });
const isDelta = (event: StreamEvent) => event.name === 'delta';

describe('printer states stream', () => {
  it('opens with the list, then sends a printer whose shown temperature changed, once', async () => {
    const { printerId, agent } = await buildPrinterWithAgent(t, {
      token: admin.access,
      workspaceId,
      name: 'Stream MK4',
    });
    await eventually(async () => {
      const list = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
        token: admin.access,
      });
      expect(
        list.body.find((s: { printer_id: number }) => s.printer_id === printerId).is_connected,
      ).toBe(true);
    });
    const stream = await openStatesStream(t.baseUrl, workspaceId, admin.access);
    expect(stream.status).toBe(200);
    const snapshot = await stream.waitFor((event) => event.name === 'snapshot');
    expect(snapshot.data.states.map((s: { printer_id: number }) => s.printer_id)).toContain(
      printerId,
    );

    agent.send({ type: 'state', kind: 'patch', state: { temperature: tool0(200.01) } });
    const first = await stream.waitFor(isDelta);
    expect(first.data.changed[0].set['/temperature/tool0/actual']).toBe(200.01);
    const after = stream.events.length;
    // below the shown tenth of a degree: nothing to tell; then a shown change
    agent.send({ type: 'state', kind: 'patch', state: { temperature: tool0(200.02) } });
    agent.send({ type: 'state', kind: 'patch', state: { temperature: tool0(201.5) } });
    const next = await stream.waitFor(isDelta, after);
    const deltas = stream.events.slice(after).filter(isDelta);
    expect(deltas.map((d) => d.data.changed[0].set['/temperature/tool0/actual'])).toEqual([201.5]);
    // the printer's changed values only, not the printer whole
    expect(next.data).toEqual({
      v: 2,
      base: first.data.etag,
      etag: next.data.etag,
      added: [],
      removed: [],
      changed: [
        {
          printer_id: printerId,
          set: { '/updated_at': expect.any(Number), '/temperature/tool0/actual': 201.5 },
        },
      ],
    });
    // the snapshot with the deltas applied is the list a poll reads
    const list = await t.api(`/api/groups/${workspaceId}/devices-states/`, { token: admin.access });
    expect(stream.states()).toEqual(list.body);
    // the poll's ETag and the stream's are one function of the list (a tab that polled can
    // open the stream with `unchanged`, and one that streamed can poll with a 304)
    expect(list.headers.get('etag')).toBe(next.data.etag);
    const held = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: admin.access,
      headers: { 'if-none-match': next.data.etag },
    });
    expect(held.status).toBe(304);

    // a reconnect naming the ETag it holds hears `unchanged`, not the list again
    const again = await openStatesStream(t.baseUrl, workspaceId, admin.access, next.data.etag);
    expect((await again.waitFor(() => true)).name).toBe('unchanged');
    again.close();

    agent.close();
    const offline = await stream.waitFor(
      (event) => isDelta(event) && event.data.changed[0]?.set['/is_connected'] === false,
      after,
    );
    expect(offline.data.changed[0].printer_id).toBe(printerId);
    stream.close();
  });

  it("tells of printers added and removed, and the tab's list stays the polled one", async () => {
    const workspace = await buildWorkspace(t, admin);
    const known = await buildPrinterWithAgent(t, {
      token: admin.access,
      workspaceId: workspace,
      name: 'B known',
    });
    const poll = async () =>
      (await t.api(`/api/groups/${workspace}/devices-states/`, { token: admin.access })).body;
    await eventually(async () => expect((await poll())[0].is_connected).toBe(true));
    const stream = await openStatesStream(t.baseUrl, workspace, admin.access);
    await stream.waitFor((event) => event.name === 'snapshot');
    const added = await buildPrinterWithAgent(t, {
      token: admin.access,
      workspaceId: workspace,
      name: 'A added',
    });
    // a change of a printer the stream knows reads the list again (new ones come with it)
    known.agent.send({ type: 'state', kind: 'patch', state: { temperature: tool0(50) } });
    const withAdded = await stream.waitFor(
      (event) =>
        isDelta(event) &&
        event.data.added.some((s: { printer_id: number }) => s.printer_id === added.printerId),
    );
    // named first, the new printer comes before the known one: the order says so
    expect(withAdded.data.order).toEqual([added.printerId, known.printerId]);
    await eventually(async () => expect(stream.states()).toEqual(await poll()));

    added.agent.close();
    const deleted = await t.api(`/api/printers/${added.printerId}/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(deleted.status).toBe(204);
    known.agent.send({ type: 'state', kind: 'patch', state: { temperature: tool0(60) } });
    await stream.waitFor((event) => isDelta(event) && event.data.removed.includes(added.printerId));
    await eventually(async () => expect(stream.states()).toEqual(await poll()));
    expect(stream.states().map((s) => s.printer_id)).toEqual([known.printerId]);
    known.agent.close();
    stream.close();
  });

  it('sends an idle fleet nothing but heartbeats', async () => {
    const { agent } = await buildPrinterWithAgent(t, {
      token: admin.access,
      workspaceId,
      name: 'Idle',
    });
    const stream = await openStatesStream(t.baseUrl, workspaceId, admin.access);
    await stream.waitFor((event) => event.name === 'snapshot');
    // let the join of the new printer settle, then count from a quiet point
    await eventually(async () => expect(stream.pings()).toBeGreaterThanOrEqual(2));
    const from = stream.events.length;
    const pingsFrom = stream.pings();
    // the agent repeats its unchanged state: every repeat wakes a read
    for (let i = 0; i < 5; i += 1)
      agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
    await eventually(async () => expect(stream.pings()).toBeGreaterThanOrEqual(pingsFrom + 6));
    expect(stream.events.slice(from)).toEqual([]);
    agent.close();
    stream.close();
  });

  it('answers another workspace 404 and no credential 401', async () => {
    const stranger = await buildUser(t);
    const other = await openStatesStream(t.baseUrl, workspaceId, stranger.access);
    expect(other.status).toBe(404);
    const anonymous = await fetch(`${t.baseUrl}/api/groups/${workspaceId}/devices-states/stream/`);
    expect(anonymous.status).toBe(401);
  });

  it('ends the open streams when maintenance goes on, and a new one is refused with 503', async () => {
    const watcher = await openStatesStream(t.baseUrl, workspaceId, admin.access);
    expect(watcher.status).toBe(200);
    const switchFile = path.join(t.config.dataDir, 'maintenance');
    writeFileSync(switchFile, '');
    try {
      await watcher.ended;
      const refused = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
        token: admin.access,
      });
      expect(refused.status).toBe(503);
    } finally {
      rmSync(switchFile, { force: true });
    }
    // the switch is read once a second: the next test starts once the server answers again
    await eventually(async () => {
      const back = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
        token: admin.access,
      });
      expect(back.status).toBe(200);
    });
  });

  it('closes the stream of a member removed from the workspace, and of a signed-out session', async () => {
    const member = await buildUser(t);
    const leaver = await buildUser(t);
    await addMember(t, workspaceId, member, 'user');
    await addMember(t, workspaceId, leaver, 'user');
    const removed = await openStatesStream(t.baseUrl, workspaceId, member.access);
    const signedOut = await openStatesStream(t.baseUrl, workspaceId, leaver.access);
    expect([removed.status, signedOut.status]).toEqual([200, 200]);
    await t.server.database.db
      .deleteFrom('memberships')
      .where('user_id', '=', member.id)
      .where('workspace_id', '=', workspaceId)
      .execute();
    await removed.ended;
    const logout = await t.api('/api/tokens/mine/', { method: 'DELETE', token: leaver.access });
    expect(logout.status).toBe(204);
    await signedOut.ended;
  });

  it(
    'drops a client that does not read instead of buffering for it',
    { timeout: 90_000 },
    async () => {
      const agents: FakeAgent[] = [];
      for (const name of ['Chatty 1', 'Chatty 2', 'Chatty 3'])
        agents.push(
          (await buildPrinterWithAgent(t, { token: admin.access, workspaceId, name })).agent,
        );
      const url = new URL(t.baseUrl);
      const socket = net.connect(Number(url.port), url.hostname);
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.on('error', () => undefined);
      socket.write(
        `GET /api/groups/${workspaceId}/devices-states/stream/ HTTP/1.1\r\nHost: x\r\n` +
          `Authorization: Bearer ${admin.access}\r\n\r\n`,
      );
      socket.pause(); // never reads: the kernel's buffers fill (up to ~4 MB here), then the server's
      const isDropped = () =>
        t.logs.some((line) => line.msg === 'printer states stream: a slow client closed');
      let round = 0;
      // every round changes each printer by ~7 KB of shown text, until the server gives up on it
      await eventually(async () => {
        round += 1;
        for (const agent of agents)
          agent.send({ type: 'state', kind: 'patch', state: bulky(round) });
        expect(isDropped()).toBe(true);
      }, 80_000);
      socket.resume();
      await closed;
      for (const agent of agents) agent.close();
    },
  );
});

function bulky(round: number) {
  const text = (length: number) => `${round} `.padEnd(length, 'x');
  return {
    error: { code: 'stream_test', detail: text(2000) },
    klipper: { state: 'ready', state_message: text(4000) },
    job: {
      file_name: text(255),
      completion: 1,
      print_time: 1,
      print_time_left: 1,
      path: text(1024),
    },
  };
}
