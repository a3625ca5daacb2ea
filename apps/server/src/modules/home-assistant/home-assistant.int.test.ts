import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test-support/api-keys.js';
import {
  buildPrinterWithAgent,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { eventually, readyState, type FakeAgent } from '../../../test-support/fake-agent.js';
import { findFreePort } from '../../../test-support/free-port.js';
import { startMosquitto, watchTopics, type TestBroker } from '../../../test-support/mosquitto.js';
import { createTestStorage, type TestStorage } from '../../../test-support/test-database.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { systemClock } from '../../clock.js';
import { createMqttBridge, type InjectRequest } from './mqtt-bridge.js';

/**
 * Home Assistant over MQTT (issue 28) against a real Mosquitto of the test's own: discovery
 * configs, state, camera frames, buttons acting through each workspace's API key, and a broker
 * that goes away and comes back while the server runs.
 */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 7, 7, 7, 0xff, 0xd9]);

let broker: TestBroker;
let storage: TestStorage;
let t: TestServer;
let owner: BuiltUser;
let operated: { workspaceId: number; printerId: number; agent: FakeAgent };
let readOnly: { workspaceId: number; printerId: number; agent: FakeAgent };
let operatorKey: string;

function printing(completion: number) {
  const ready = readyState();
  return readyState({
    state: { text: 'Printing', flags: { ...ready.state.flags, printing: true, ready: false } },
    temperature: { tool0: { actual: 214.96, target: 215 }, bed: { actual: 60.04, target: 60 } },
    job: { file_name: 'benchy.gcode', completion, print_time: 600, print_time_left: 1200 },
  });
}

function answerEverything(agent: FakeAgent) {
  agent.answer((request) =>
    request.command.name === 'snapshot'
      ? { ok: true, result: { content_type: 'image/jpeg', data_base64: JPEG.toString('base64') } }
      : { ok: true, result: null },
  );
}

beforeAll(async () => {
  broker = await startMosquitto();
  storage = await createTestStorage();
  // the operator makes the keys first (as in docs/deploy.md), then starts with MQTT_URL
  const setup = await startTestServer({ storage });
  owner = await buildUser(setup);
  const workspaceA = await buildWorkspace(setup, owner, 'Farm A');
  const workspaceB = await buildWorkspace(setup, owner, 'Farm B');
  const keyA = await createApiKey(setup, owner.access, 'LIMITED_WRITE');
  const keyB = await createApiKey(setup, owner.access, 'FULL_READ');
  operatorKey = keyA.key;
  await setup.close();

  t = await startTestServer({
    storage,
    mqttReconnectMs: 100,
    env: {
      MQTT_URL: broker.url,
      MQTT_WORKSPACE_KEYS: `${workspaceA}:${keyA.key},${workspaceB}:${keyB.key}`,
      MQTT_STATE_SECONDS: '0.1',
      MQTT_CAMERA_SECONDS: '0.2',
    },
  });
  const a = await buildPrinterWithAgent(t, {
    token: owner.access,
    workspaceId: workspaceA,
    name: 'Prusa A',
  });
  const b = await buildPrinterWithAgent(t, {
    token: owner.access,
    workspaceId: workspaceB,
    name: 'Prusa B',
  });
  operated = { workspaceId: workspaceA, printerId: a.printerId, agent: a.agent };
  readOnly = { workspaceId: workspaceB, printerId: b.printerId, agent: b.agent };
  answerEverything(a.agent);
  answerEverything(b.agent);
}, 60_000);

afterAll(async () => {
  operated?.agent.close();
  readOnly?.agent.close();
  await t?.close();
  await storage?.cleanup();
  await broker?.close();
});

const node = (id: number) => `printdeck_printer_${id}`;

describe('Home Assistant discovery over MQTT', () => {
  it('publishes retained discovery configs, availability and state for each printer', async () => {
    const id = operated.printerId;
    const watch = await watchTopics(broker.url, ['homeassistant/#', 'printdeck/#']);
    try {
      await eventually(async () => {
        expect(watch.latest.get('printdeck/status')?.toString()).toBe('online');
        expect(watch.json(`printdeck/printer/${id}/state`)).toMatchObject({
          state: 'READY_TO_PRINT',
          nozzle_temperature: 21.5,
          bed_temperature: 20.1,
        });
        // the printer of the read-only workspace is there too (its key may read); the bridge
        // announces printers one after the other, so the first one's state does not say it is
        expect(
          watch.json(`homeassistant/sensor/${node(readOnly.printerId)}/state/config`),
        ).not.toBeNull();
      }, 10_000);
      const sensor = watch.json(`homeassistant/sensor/${node(id)}/nozzle_temperature/config`);
      expect(sensor).toMatchObject({
        unique_id: `${node(id)}_nozzle_temperature`,
        state_topic: `printdeck/printer/${id}/state`,
        value_template: '{{ value_json.nozzle_temperature }}',
        device_class: 'temperature',
        unit_of_measurement: '°C',
        availability_topic: 'printdeck/status',
        device: { identifiers: [node(id)], name: 'Prusa A', manufacturer: 'Printdeck' },
      });
      for (const object of ['state', 'bed_temperature', 'progress', 'time_left']) {
        expect(watch.json(`homeassistant/sensor/${node(id)}/${object}/config`)).not.toBeNull();
      }
      expect(watch.json(`homeassistant/camera/${node(id)}/camera/config`)).toMatchObject({
        topic: `printdeck/printer/${id}/camera`,
      });
      for (const [object, payload] of [
        ['pause', 'PAUSE'],
        ['resume', 'RESUME'],
        ['cancel', 'CANCEL'],
      ]) {
        expect(watch.json(`homeassistant/button/${node(id)}/${object}/config`)).toMatchObject({
          command_topic: `printdeck/printer/${id}/command`,
          payload_press: payload,
        });
      }
    } finally {
      await watch.close();
    }
    // retained: a client that comes later still gets them
    const late = await watchTopics(broker.url, [`homeassistant/sensor/${node(id)}/+/config`]);
    try {
      await eventually(async () => expect(late.latest.size).toBeGreaterThanOrEqual(8));
    } finally {
      await late.close();
    }
  });

  it('follows the printer: progress, temperatures, time left, and camera frames', async () => {
    const id = operated.printerId;
    const watch = await watchTopics(broker.url, [`printdeck/printer/${id}/#`]);
    try {
      operated.agent.send({ type: 'state', kind: 'snapshot', state: printing(42.5) });
      await eventually(async () => {
        expect(watch.json(`printdeck/printer/${id}/state`)).toMatchObject({
          state: 'PRINTING',
          progress: 42.5,
          time_left: 1200,
          nozzle_temperature: 215,
          nozzle_target: 215,
          bed_temperature: 60,
          file_name: 'benchy.gcode',
        });
        expect(watch.latest.get(`printdeck/printer/${id}/camera`)).toEqual(JPEG);
      }, 10_000);
    } finally {
      await watch.close();
    }
  });

  it('a Pause press reaches the printer through the workspace key', async () => {
    const id = operated.printerId;
    operated.agent.send({ type: 'state', kind: 'snapshot', state: printing(50) });
    await eventually(async () => {
      const states = await t.api(`/api/groups/${operated.workspaceId}/devices-states/`, {
        token: owner.access,
      });
      expect(states.body[0].printer_state).toBe('PRINTING');
    });
    const watch = await watchTopics(broker.url, [`printdeck/printer/${id}/command_result`]);
    try {
      await watch.client.publishAsync(`printdeck/printer/${id}/command`, 'PAUSE', { qos: 1 });
      await eventually(async () =>
        expect(watch.json(`printdeck/printer/${id}/command_result`)).toEqual({
          command: 'PAUSE',
          status: 204,
          code: 'ok',
        }),
      );
      expect(operated.agent.requests.map((r) => r.command.name)).toContain('pause');
    } finally {
      await watch.close();
    }
  });

  it("a press is refused where the workspace's key may not control printers", async () => {
    const id = readOnly.printerId;
    readOnly.agent.send({ type: 'state', kind: 'snapshot', state: printing(10) });
    const watch = await watchTopics(broker.url, [`printdeck/printer/${id}/command_result`]);
    try {
      await watch.client.publishAsync(`printdeck/printer/${id}/command`, 'CANCEL', { qos: 1 });
      await eventually(async () =>
        expect(watch.json(`printdeck/printer/${id}/command_result`)).toMatchObject({
          command: 'CANCEL',
          status: 403,
        }),
      );
      expect(readOnly.agent.requests.map((r) => r.command.name)).not.toContain('cancel');
      // a printer no configured workspace holds is not found, whatever the topic says
      await watch.client.publishAsync('printdeck/printer/999999/command', 'PAUSE', { qos: 1 });
    } finally {
      await watch.close();
    }
  });

  it('keeps serving while the broker is down, says so on /api/health, and republishes after', async () => {
    expect((await t.api('/api/health')).body).toMatchObject({
      status: 'ok',
      mqtt: 'connected',
      object_store: 'local',
    });
    await broker.kill();
    await eventually(async () => {
      expect((await t.api('/api/health')).body).toMatchObject({
        status: 'degraded',
        mqtt: 'disconnected',
      });
    }, 10_000);
    expect((await t.api('/api/users/me/', { token: owner.access })).status).toBe(200);
    // a change while the broker is away is published once it is back
    operated.agent.send({ type: 'state', kind: 'snapshot', state: printing(77) });
    await broker.restart(); // in memory: every retained message is gone
    await eventually(async () => {
      expect((await t.api('/api/health')).body).toMatchObject({ status: 'ok', mqtt: 'connected' });
    }, 10_000);
    const watch = await watchTopics(broker.url, ['homeassistant/#', 'printdeck/#']);
    try {
      await eventually(async () => {
        expect(watch.latest.get('printdeck/status')?.toString()).toBe('online');
        expect(watch.json(`printdeck/printer/${operated.printerId}/state`)).toMatchObject({
          progress: 77,
        });
        expect(
          watch.json(`homeassistant/button/${node(operated.printerId)}/pause/config`),
        ).not.toBeNull();
      }, 10_000);
    } finally {
      await watch.close();
    }
    expect(t.logs.some((line) => line.msg === 'MQTT broker unreachable: reconnecting')).toBe(true);
  });
});

describe('MQTT at start', () => {
  it('a broker that is down stops the start with one line naming MQTT_URL, never its password', async () => {
    const port = await findFreePort();
    const start = startTestServer({
      env: {
        MQTT_URL: `mqtt://printdeck:hunter2-secret@127.0.0.1:${port}`,
        MQTT_WORKSPACE_KEYS: '1:pdk_abcdefghijklmnop',
      },
    });
    const error = (await start.then(
      () => null,
      (caught: unknown) => caught,
    )) as Error;
    expect(error?.message).toMatch(
      new RegExp(`^MQTT_URL: the broker at mqtt://127\\.0\\.0\\.1:${port} refused the connection`),
    );
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('\n');
  });

  it('a broker that refuses the user name or password says so, without the password', async () => {
    const closed = await startMosquitto({ allowAnonymous: false });
    try {
      const error = (await startTestServer({
        env: {
          MQTT_URL: closed.url.replace('mqtt://', 'mqtt://printdeck:hunter2-secret@'),
          MQTT_WORKSPACE_KEYS: '1:pdk_abcdefghijklmnop',
        },
      }).then(
        () => null,
        (caught: unknown) => caught,
      )) as Error;
      expect(error?.message).toBe(
        `MQTT_URL: the broker at ${closed.url} refused the user name or password in MQTT_URL`,
      );
    } finally {
      await closed.close();
    }
  });

  it('says "offline" on the status topic when the server stops', async () => {
    const own = await startMosquitto();
    const server = await startTestServer({
      env: {
        MQTT_URL: own.url,
        MQTT_WORKSPACE_KEYS: '1:pdk_abcdefghijklmnop',
        MQTT_STATE_SECONDS: '0.1',
      },
    });
    const watch = await watchTopics(own.url, ['printdeck/status']);
    try {
      await eventually(async () =>
        expect(watch.latest.get('printdeck/status')?.toString()).toBe('online'),
      );
      // no such key: health says so rather than publishing nothing in silence
      await eventually(async () =>
        expect((await server.api('/api/health')).body.mqtt).toBe('key_rejected'),
      );
      await server.close();
      await eventually(async () =>
        expect(watch.latest.get('printdeck/status')?.toString()).toBe('offline'),
      );
    } finally {
      await watch.close();
      await own.close();
    }
  });
});

describe('in a cluster', () => {
  it('only the leader holds the broker connection and publishes', async () => {
    let isLeader = false;
    let leaderAsks = 0;
    const bridge = createMqttBridge({
      settings: {
        url: broker.url,
        workspaces: [{ workspaceId: operated.workspaceId, apiKey: operatorKey }],
        discoveryPrefix: 'ha-second',
        topicPrefix: 'second',
        stateIntervalMs: 50,
        cameraIntervalMs: 0,
      },
      inject: t.server.server.inject.bind(t.server.server) as unknown as InjectRequest,
      isLeader: () => ((leaderAsks += 1), isLeader),
      logger: t.server.server.log,
      clock: systemClock,
      reconnectMs: 100,
    });
    const watch = await watchTopics(broker.url, ['ha-second/#', 'second/#']);
    try {
      bridge.start();
      // a follower: several rounds ask whether it leads, and nothing reaches the broker
      await eventually(async () => expect(leaderAsks).toBeGreaterThanOrEqual(5));
      expect(watch.log).toEqual([]);
      expect(bridge.health()).toBe('standby');
      isLeader = true;
      await eventually(async () => {
        expect(bridge.health()).toBe('connected');
        expect(watch.latest.get('second/status')?.toString()).toBe('online');
        expect(watch.json(`second/printer/${operated.printerId}/state`)).not.toBeNull();
      });
      // leadership lost: it leaves the broker without saying offline (the new leader speaks)
      isLeader = false;
      await eventually(async () => expect(bridge.health()).toBe('standby'));
      const seen = watch.log.length;
      isLeader = true;
      await eventually(async () => expect(bridge.health()).toBe('connected'));
      expect(
        watch.log
          .slice(seen)
          .some((m) => m.topic === 'second/status' && `${m.payload}` === 'offline'),
      ).toBe(false);
    } finally {
      await bridge.stop();
      await watch.close();
    }
  });
});
