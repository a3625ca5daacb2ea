import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test-support/api-keys.js';
import {
  createClusterStorage,
  spawnInstance,
  startInProcessInstance,
  type ChildInstance,
  type ClusterStorage,
} from '../../../test-support/cluster.js';
import { buildUser, buildWorkspace } from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import { startMosquitto, watchTopics, type TestBroker } from '../../../test-support/mosquitto.js';
import { createApiClient, type TestServer } from '../../../test-support/test-server.js';

/**
 * Home Assistant over MQTT with two instances (issue 28): only the leader holds the broker
 * connection, and every instance's settings screen shows that connection's status; when the
 * leader dies (SIGKILL) the broker says "offline" for it (its last will) and the other instance
 * takes the lead and says "online" again.
 */
let broker: TestBroker;
let storage: ClusterStorage;
let a: ChildInstance;
let b: TestServer;
let mqttEnv: Record<string, string>;
let ownerToken: string;
let workspaceId: number;

beforeAll(async () => {
  broker = await startMosquitto();
  storage = await createClusterStorage();
  // the key exists before the instances start with it, as an operator would do it
  const setup = await startInProcessInstance(storage);
  const owner = await buildUser(setup);
  ownerToken = owner.access;
  workspaceId = await buildWorkspace(setup, owner);
  const key = await createApiKey(setup, owner.access, 'LIMITED_WRITE');
  await setup.close();
  mqttEnv = {
    MQTT_URL: broker.url,
    MQTT_WORKSPACE_KEYS: `${workspaceId}:${key.key}`,
    MQTT_STATE_SECONDS: '0.2',
  };
  a = await spawnInstance(storage, mqttEnv); // first in: the leader
  b = await startInProcessInstance(storage, { env: mqttEnv, mqttReconnectMs: 100 });
}, 120_000);

afterAll(async () => {
  await a?.stop();
  await b?.close();
  await storage?.cleanup();
  await broker?.close();
});

describe('Home Assistant in a cluster', () => {
  it('every instance answers the leader’s status of the bridge, not standby', async () => {
    const statusOf = async (url: string) =>
      (
        await createApiClient(url)(`/api/groups/${workspaceId}/home-assistant/`, {
          token: ownerToken,
        })
      ).body as { state: string; last_error: { message: string; at: string } | null };
    await eventually(async () => {
      expect((await statusOf(a.url)).state).toBe('connected');
      expect(await statusOf(b.baseUrl)).toEqual(await statusOf(a.url));
    }, 20_000);
    // the broker dies: the leader sees it, and the other instance says what the leader saw
    await broker.kill();
    try {
      await eventually(async () => {
        const leader = await statusOf(a.url);
        expect(leader.state).toBe('disconnected');
        expect(leader.last_error?.message).toEqual(expect.any(String));
        expect(await statusOf(b.baseUrl)).toEqual(leader);
      }, 20_000);
      // b itself holds no broker connection: its own health is still standby
      expect((await createApiClient(b.baseUrl)('/api/health')).body.mqtt).toBe('standby');
    } finally {
      await broker.restart();
    }
    await eventually(async () => {
      expect((await statusOf(b.baseUrl)).state).toBe('connected');
    }, 20_000);
  });

  it('the leader publishes; when it dies its last will says offline and the other takes over', async () => {
    const health = (url: string) => createApiClient(url)('/api/health');
    await eventually(async () => {
      expect((await health(a.url)).body.mqtt).toBe('connected');
      expect((await health(b.baseUrl)).body.mqtt).toBe('standby');
    }, 20_000);
    const watch = await watchTopics(broker.url, ['printdeck/status']);
    try {
      await eventually(async () =>
        expect(watch.latest.get('printdeck/status')?.toString()).toBe('online'),
      );
      const before = watch.log.length;
      await a.kill();
      // the broker publishes the dead leader's will at once…
      await eventually(async () =>
        expect(watch.log.slice(before).map((m) => m.payload.toString())).toContain('offline'),
      );
      // …and once its lease lapses the other instance leads and says online again
      await eventually(async () => {
        expect((await health(b.baseUrl)).body.mqtt).toBe('connected');
        expect(watch.latest.get('printdeck/status')?.toString()).toBe('online');
      }, 30_000);
    } finally {
      await watch.close();
    }
  });
});
