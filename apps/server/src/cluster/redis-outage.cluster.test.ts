import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import { createApiClient, type TestServer } from '../../test-support/test-server.js';
import {
  createClusterStorage,
  startFlakyLink,
  startSpawnedPair,
  type ChildInstance,
  type FlakyLink,
  type InstancePair,
} from '../../test-support/cluster.js';
import {
  addClusterPrinter,
  waitForPrinterState,
  type ClusterPrinter,
} from '../../test-support/cluster-printers.js';

/** B reaches Redis through a link the test cuts; A reaches it directly. */
let cluster: InstancePair<ChildInstance>;
let link: FlakyLink;
let a: ChildInstance;
let b: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let onA: ClusterPrinter;
let onB: ClusterPrinter;

beforeAll(async () => {
  const storage = await createClusterStorage();
  link = await startFlakyLink(storage.redisUrl);
  cluster = await startSpawnedPair({
    storage,
    b: { env: { REDIS_URL: link.url }, gatewayLimits: { commandTimeoutMs: 1000 } },
  });
  ({ a, b, admin, workspaceId } = cluster);
  onA = await addClusterPrinter(b, admin, workspaceId, { name: 'On A', agentUrl: a.url });
  onB = await addClusterPrinter(b, admin, workspaceId, { name: 'On B', agentUrl: b.baseUrl });
}, 120_000);

afterAll(async () => {
  onA?.agent.close();
  onB?.agent.close();
  await cluster?.close();
  await link?.close();
});

const home = (printer: ClusterPrinter) =>
  b.api(`/api/printers/${printer.id}/home_head/`, {
    method: 'POST',
    token: admin.access,
    body: { axes: ['z'] },
  });

describe('an instance that loses Redis', () => {
  it('answers 503 with a reason for printers on other instances, keeps serving its own, and recovers by itself', async () => {
    await waitForPrinterState(b, admin, workspaceId, onA.id, 'READY_TO_PRINT');
    expect((await home(onA)).status).toBe(204);

    link.cut();
    await eventually(async () => {
      const refused = await home(onA);
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('service_unavailable');
      expect(refused.body.message).toContain('Redis');
    });
    expect((await home(onB)).status).toBe(204);
    expect(onB.agent.requests.at(-1)?.command).toEqual({ name: 'home_head', axes: ['z'] });
    await waitForPrinterState(b, admin, workspaceId, onB.id, 'READY_TO_PRINT');
    // silent past its heartbeat TTL, B is taken for dead: A shows B's printer offline
    const apiA = { api: createApiClient(a.url) };
    await waitForPrinterState(
      apiA,
      admin,
      workspaceId,
      onB.id,
      'NOT_CONNECTED_TO_PROXY_SERVER',
      20_000,
    );
    expect((await home(onB)).status).toBe(204);

    link.restore();
    await eventually(async () => expect((await home(onA)).status).toBe(204), 20_000);
    // back, B announces its printers again
    await waitForPrinterState(apiA, admin, workspaceId, onB.id, 'READY_TO_PRINT', 20_000);
    await waitForPrinterState(b, admin, workspaceId, onA.id, 'READY_TO_PRINT');
  }, 60_000);
});
