import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { connectFakeAgent, readyState } from '../../test-support/fake-agent.js';
import { openStatesStream } from '../../test-support/states-stream.js';
import type { TestServer } from '../../test-support/test-server.js';
import { startInProcessPair, type InstancePair } from '../../test-support/cluster.js';

/**
 * The printer states stream across instances (issue 31): the agent is connected to A, the
 * browser's stream to B; a change A hears reaches B's stream through the device bus (Redis).
 */
let cluster: InstancePair<TestServer>;
let a: TestServer;
let b: TestServer;
let admin: BuiltUser;
let workspaceId: number;

// no resync within the test: only the change itself can bring the delta
const timing = { flushMs: 20, heartbeatMs: 200, recheckMs: 1000, resyncMs: 600_000 };

beforeAll(async () => {
  cluster = await startInProcessPair({ b: { statesStream: timing } });
  ({ a, b, admin, workspaceId } = cluster);
}, 120_000);

afterAll(async () => {
  await cluster?.close();
});

it('sends a tab on instance B the change of a printer whose agent is on instance A', async () => {
  const key = (await b.api('/api/device_keys/', { method: 'POST', token: admin.access })).body
    .token;
  const created = await b.api('/api/printers/', {
    method: 'POST',
    token: admin.access,
    body: { group: workspaceId, name: 'On A', token: key },
  });
  expect(created.status).toBe(201);
  const stream = await openStatesStream(b.baseUrl, workspaceId, admin.access);
  expect(stream.status).toBe(200);
  await stream.waitFor((event) => event.name === 'snapshot');

  const agent = await connectFakeAgent(a.baseUrl, key);
  await agent.hello();
  agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
  const online = await stream.waitFor(
    (event) => event.name === 'delta' && event.data.changed[0]?.set['/is_connected'] === true,
    0,
    15_000,
  );
  expect(online.data.changed[0].printer_id).toBe(created.body.id);

  const from = stream.events.length;
  agent.send({
    type: 'state',
    kind: 'patch',
    state: { temperature: { tool0: { actual: 187.4, target: 215 }, bed: null } },
  });
  const heated = await stream.waitFor(
    (event) =>
      event.name === 'delta' && event.data.changed[0]?.set['/temperature/tool0/actual'] === 187.4,
    from,
    15_000,
  );
  expect(heated.data.changed[0].printer_id).toBe(created.body.id);
  // only the values that changed went out, and the tab's list is the instance's own
  expect(Object.keys(heated.data.changed[0].set).sort()).toEqual([
    '/temperature/bed',
    '/temperature/tool0/actual',
    '/temperature/tool0/target',
    '/updated_at',
  ]);
  const list = await b.api(`/api/groups/${workspaceId}/devices-states/`, { token: admin.access });
  expect(stream.states()).toEqual(list.body);
  agent.close();
  stream.close();
}, 60_000);
