import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test-support/api-keys.js';
import {
  addMember,
  buildPrinterWithAgent,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { eventually, type FakeAgent } from '../../../test-support/fake-agent.js';
import { startMosquitto, type TestBroker } from '../../../test-support/mosquitto.js';
import { createTestStorage, type TestStorage } from '../../../test-support/test-database.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';

/**
 * The Home Assistant status in a workspace's settings (issue 28), against a real Mosquitto of
 * the test's own: connected with what was published, the broker without its password, a
 * workspace the bridge does not publish, and the broker killed while the server runs.
 */
let broker: TestBroker;
let storage: TestStorage;
let t: TestServer;
let owner: BuiltUser;
let published: number;
let notPublished: number;
let agent: FakeAgent;

const statusOf = (workspaceId: number, token = owner.access) =>
  t.api(`/api/groups/${workspaceId}/home-assistant/`, { token });

beforeAll(async () => {
  broker = await startMosquitto();
  storage = await createTestStorage();
  const setup = await startTestServer({ storage });
  owner = await buildUser(setup);
  published = await buildWorkspace(setup, owner, 'Published farm');
  notPublished = await buildWorkspace(setup, owner, 'Quiet farm');
  const key = await createApiKey(setup, owner.access, 'LIMITED_WRITE');
  await setup.close();

  t = await startTestServer({
    storage,
    mqttReconnectMs: 100,
    env: {
      // a user and password in the address: the screen must never show them
      MQTT_URL: broker.url.replace('mqtt://', 'mqtt://printdeck:broker-secret@'),
      MQTT_WORKSPACE_KEYS: `${published}:${key.key}`,
      MQTT_STATE_SECONDS: '0.1',
      MQTT_CAMERA_SECONDS: '0',
    },
  });
  ({ agent } = await buildPrinterWithAgent(t, {
    token: owner.access,
    workspaceId: published,
    name: 'Prusa HA',
  }));
}, 60_000);

afterAll(async () => {
  agent?.close();
  await t?.close();
  await storage?.cleanup();
  await broker?.close();
});

describe('GET /api/groups/:g/home-assistant/', () => {
  it('says connected, with the broker, the discovery topics and the messages published', async () => {
    await eventually(async () => {
      const response = await statusOf(published);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        state: 'connected',
        broker: `mqtt://127.0.0.1:${broker.port}`,
        printers: 1,
        last_error: null,
      });
      // one printer without a camera: its sensors and buttons
      expect(response.body.discovery_topics).toBeGreaterThan(5);
      expect(response.body.messages_published).toBeGreaterThan(response.body.discovery_topics);
    }, 15_000);
    expect((await statusOf(published)).text).not.toContain('broker-secret');
  });

  it('says not_included for a workspace MQTT_WORKSPACE_KEYS does not name, with nothing else', async () => {
    const response = await statusOf(notPublished);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      state: 'not_included',
      broker: null,
      last_error: null,
      messages_published: 0,
      discovery_topics: 0,
      printers: 0,
    });
  });

  it('is for those who may change the workspace: 403 for an observer, 404 for a stranger', async () => {
    const observer = await buildUser(t);
    await addMember(t, published, observer, 'observer');
    expect((await statusOf(published, observer.access)).status).toBe(403);
    const stranger = await buildUser(t);
    expect((await statusOf(published, stranger.access)).status).toBe(404);
  });

  it('says disconnected with the last error when the broker dies, connected again when it is back', async () => {
    await broker.kill();
    await eventually(async () => {
      const response = await statusOf(published);
      expect(response.body.state).toBe('disconnected');
      expect(response.body.last_error).toMatchObject({ message: expect.any(String) });
      expect(Date.parse(response.body.last_error.at)).not.toBeNaN();
    }, 15_000);
    const before = (await statusOf(published)).body.messages_published as number;
    await broker.restart();
    await eventually(async () => {
      const response = await statusOf(published);
      expect(response.body.state).toBe('connected');
      // after a reconnect everything is published again (the broker kept nothing)
      expect(response.body.messages_published).toBeGreaterThan(before);
    }, 15_000);
  });
});
