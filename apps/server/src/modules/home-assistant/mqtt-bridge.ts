import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type * as Mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { HomeAssistantStatus, Printer, PrinterDeviceState } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { optionalPackage } from '../../optional-package.js';
import {
  describeBrokerUrl,
  type MqttSettings,
  type MqttWorkspace,
} from '../../config/mqtt-config.js';
import {
  COMMAND_PAYLOADS,
  allDiscoveryTopics,
  buildDiscoveryMessages,
  commandTopicFilter,
  readCommandTopic,
  statusTopic,
  toStatePayload,
  topicsFor,
} from './ha-discovery.js';

const loadMqtt = optionalPackage<typeof Mqtt>('mqtt');

/** What /api/health says about the bridge. */
export type MqttHealth = 'off' | 'connected' | 'disconnected' | 'standby' | 'key_rejected';

/** An in-process request through the whole HTTP stack (authentication, API-key policy, routes). */
export type InjectRequest = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: unknown;
}) => Promise<{
  statusCode: number;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, unknown>;
}>;

export interface MqttBridgeOptions {
  settings: MqttSettings;
  inject: InjectRequest;
  /** only the cluster's leader publishes (one set of entities, one answer per button press) */
  isLeader: () => boolean;
  logger: FastifyBaseLogger;
  /** when the last error happened, as the status screen shows it */
  clock: Clock;
  /** tests reconnect sooner */
  reconnectMs?: number;
}

interface WorkspaceView {
  printers: Map<number, Printer>;
  /** the HTTP status the key last got when it was refused; null: accepted */
  refusedWith: number | null;
  /** a refused key is tried again only after this (performance.now()): failed keys are rate-limited */
  retryAt: number;
  /** discovery configs of its printers in the last round */
  discoveryTopics: number;
  /** messages the broker acknowledged for its printers */
  published: number;
}

/** A key that was refused is tried again after this long, not every round. */
const REFUSED_KEY_RETRY_MS = 60_000;

/**
 * Home Assistant over MQTT (issue 28). Reads each configured workspace through the API with the
 * workspace's dedicated API key — so what it shows and what its buttons do are exactly what that
 * key may see and do — and publishes discovery configs, state and camera frames; a button press
 * on a command topic becomes the same API call. Runs on the leader only.
 */
export function createMqttBridge(options: MqttBridgeOptions) {
  const { settings, inject, logger } = options;
  const names = { discoveryPrefix: settings.discoveryPrefix, topicPrefix: settings.topicPrefix };
  const broker = describeBrokerUrl(settings.url);
  const views = new Map<number, WorkspaceView>();
  /** what was last published per topic (state JSON, discovery JSON, camera ETag) */
  const published = new Map<string, string>();
  let client: MqttClient | null = null;
  let isStopped = false;
  let isBusy = false;
  let isCameraBusy = false;
  let wasDown = false;
  let lastError: HomeAssistantStatus['last_error'] = null;
  const timers: NodeJS.Timeout[] = [];

  const noteError = (message: string) => {
    lastError = { message, at: options.clock.now().toISOString() };
  };

  const call = (workspace: MqttWorkspace, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${workspace.apiKey}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    });

  function publish(view: WorkspaceView, topic: string, payload: string | Buffer, memo: string) {
    if (!client?.connected || published.get(topic) === memo) return;
    published.set(topic, memo);
    client.publish(topic, payload, { retain: true, qos: 1 }, (error) => {
      if (!error) return void (view.published += 1);
      published.delete(topic); // tried again on the next round
      noteError(`Publishing ${topic} failed: ${error.message}`);
    });
  }

  function connect(): MqttClient {
    const next = loadMqtt().connect(settings.url, {
      clientId: `printdeck-${randomBytes(6).toString('hex')}`,
      reconnectPeriod: options.reconnectMs ?? 2000,
      connectTimeout: 10_000,
      queueQoSZero: false,
      will: { topic: statusTopic(names), payload: Buffer.from('offline'), retain: true, qos: 1 },
    });
    next.on('connect', () => {
      if (wasDown)
        logger.info({ broker }, 'MQTT broker reachable again: publishing the current state');
      wasDown = false;
      published.clear(); // the broker may have lost retained messages: everything again
      next.publish(statusTopic(names), 'online', { retain: true, qos: 1 });
      next.subscribe(commandTopicFilter(names), { qos: 1 });
      void publishState();
      void publishCameras();
    });
    next.on('offline', () => {
      if (!wasDown) logger.warn({ broker }, 'MQTT broker unreachable: reconnecting');
      if (!wasDown) noteError('The connection to the broker was lost; reconnecting.');
      wasDown = true;
    });
    next.on('error', (error) => {
      logger.warn({ broker, err: { message: error.message } }, 'MQTT error');
      noteError(error.message);
    });
    next.on('message', (topic, payload) => void onMessage(topic, payload.toString('utf8')));
    return next;
  }

  async function release(): Promise<void> {
    const old = client;
    client = null;
    published.clear();
    await old?.endAsync().catch(() => undefined);
  }

  /** Leadership decides whether this instance holds the broker connection at all. */
  async function followLeadership(): Promise<boolean> {
    if (isStopped) return false;
    if (!options.isLeader()) {
      if (client) await release();
      return false;
    }
    client ??= connect();
    return client.connected;
  }

  async function readWorkspace(workspace: MqttWorkspace): Promise<PrinterDeviceState[]> {
    const view = views.get(workspace.workspaceId) ?? {
      printers: new Map(),
      refusedWith: null,
      retryAt: 0,
      discoveryTopics: 0,
      published: 0,
    };
    views.set(workspace.workspaceId, view);
    if (view.refusedWith !== null && performance.now() < view.retryAt) return [];
    const listed = await call(workspace, 'GET', `/api/groups/${workspace.workspaceId}/printers/`);
    if (listed.statusCode !== 200) {
      if (view.refusedWith !== listed.statusCode) {
        logger.warn(
          { workspace_id: workspace.workspaceId, status: listed.statusCode },
          'MQTT_WORKSPACE_KEYS: the API key was refused for this workspace; its printers are not published',
        );
      }
      view.refusedWith = listed.statusCode;
      view.retryAt = performance.now() + REFUSED_KEY_RETRY_MS;
      return [];
    }
    view.refusedWith = null;
    const printers = JSON.parse(listed.body) as Printer[];
    const gone = [...view.printers.keys()].filter((id) => !printers.some((p) => p.id === id));
    for (const id of gone) removePrinter(id);
    view.printers = new Map(printers.map((printer) => [printer.id, printer]));
    const states = await call(
      workspace,
      'GET',
      `/api/groups/${workspace.workspaceId}/devices-states/`,
    );
    return states.statusCode === 200 ? (JSON.parse(states.body) as PrinterDeviceState[]) : [];
  }

  function removePrinter(printerId: number): void {
    for (const topic of [
      ...allDiscoveryTopics(names, printerId),
      topicsFor(names, printerId).state,
    ]) {
      published.delete(topic);
      client?.publish(topic, '', { retain: true, qos: 1 });
    }
  }

  async function publishState(): Promise<void> {
    if (isBusy) return;
    isBusy = true;
    try {
      if (!(await followLeadership())) return;
      for (const workspace of settings.workspaces) {
        const states = await readWorkspace(workspace);
        const view = views.get(workspace.workspaceId)!;
        let discoveryTopics = 0;
        for (const printer of view.printers.values()) {
          const discovery = buildDiscoveryMessages(
            names,
            { id: printer.id, name: printer.name, cameraEnabled: printer.camera_enabled },
            { withCamera: settings.cameraIntervalMs > 0 },
          );
          discoveryTopics += discovery.length;
          for (const message of discovery) {
            const json = JSON.stringify(message.payload);
            publish(view, message.topic, json, json);
          }
        }
        view.discoveryTopics = discoveryTopics;
        for (const state of states) {
          const json = JSON.stringify(toStatePayload(state));
          publish(view, topicsFor(names, state.printer_id).state, json, json);
        }
      }
    } catch (error) {
      logger.warn({ err: error }, 'MQTT: publishing the printers failed; trying again');
      noteError(`Publishing the printers failed: ${(error as Error).message}`);
    } finally {
      isBusy = false;
    }
  }

  /** One round at a time: a slow camera delays the next round, never piles rounds up. */
  async function publishCameras(): Promise<void> {
    if (isCameraBusy || !client?.connected || settings.cameraIntervalMs === 0) return;
    isCameraBusy = true;
    try {
      for (const workspace of settings.workspaces) {
        const view = views.get(workspace.workspaceId);
        for (const printer of view?.printers.values() ?? []) {
          if (!printer.camera_enabled || !client?.connected) continue;
          const frame = await call(workspace, 'GET', `/api/printers/${printer.id}/snapshot/`).catch(
            () => null,
          );
          if (frame?.statusCode !== 200) continue;
          publish(
            view!,
            topicsFor(names, printer.id).camera,
            frame.rawPayload,
            String(frame.headers.etag),
          );
        }
      }
    } finally {
      isCameraBusy = false;
    }
  }

  async function onMessage(topic: string, text: string): Promise<void> {
    const printerId = readCommandTopic(names, topic);
    if (printerId === null || !client) return;
    const given = text.trim().toUpperCase();
    const command = COMMAND_PAYLOADS.find((payload) => payload === given) ?? null;
    const resultTopic = topicsFor(names, printerId).commandResult;
    // the answer names the command only when it is one of ours (never echoes what was sent)
    const answer = (status: number, code: string) =>
      client?.publish(resultTopic, JSON.stringify({ command, status, code }), { qos: 1 });
    if (!command) return void answer(400, 'unknown_command');
    const workspace = settings.workspaces.find((w) =>
      views.get(w.workspaceId)?.printers.has(printerId),
    );
    if (!workspace) return void answer(404, 'not_found');
    const response = await call(
      workspace,
      'POST',
      `/api/printers/${printerId}/${command.toLowerCase()}/`,
      {},
    );
    const code = response.statusCode === 204 ? 'ok' : (readErrorCode(response.body) ?? 'failed');
    logger.info({ printer_id: printerId, command, status: response.statusCode }, 'MQTT command');
    answer(response.statusCode, code);
    void publishState();
  }

  return {
    /** Starts the rounds; the broker was checked at start (checkMqttBroker). */
    start(): void {
      timers.push(setInterval(() => void publishState(), settings.stateIntervalMs));
      if (settings.cameraIntervalMs > 0) {
        timers.push(setInterval(() => void publishCameras(), settings.cameraIntervalMs));
      }
      void publishState();
    },
    health(): MqttHealth {
      if (!options.isLeader()) return 'standby';
      if (!client?.connected) return 'disconnected';
      const refused = [...views.values()].some((view) => view.refusedWith !== null);
      return refused ? 'key_rejected' : 'connected';
    },
    /** One workspace's part of the bridge, for its settings screen. */
    status(workspaceId: number): HomeAssistantStatus {
      if (!settings.workspaces.some((w) => w.workspaceId === workspaceId)) {
        return { ...NOTHING_PUBLISHED, state: 'not_included', broker: null };
      }
      const view = views.get(workspaceId);
      const figures = {
        broker,
        last_error: lastError,
        messages_published: view?.published ?? 0,
        discovery_topics: view?.discoveryTopics ?? 0,
        printers: view?.printers.size ?? 0,
      };
      if (!options.isLeader()) return { ...figures, state: 'standby' };
      if (!client?.connected) return { ...figures, state: 'disconnected' };
      return { ...figures, state: view?.refusedWith != null ? 'key_rejected' : 'connected' };
    },
    /** Says "offline" (the entities turn unavailable) and leaves the broker. */
    async stop(): Promise<void> {
      isStopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      if (client?.connected) {
        await client
          .publishAsync(statusTopic(names), 'offline', { retain: true, qos: 1 })
          .catch(() => undefined);
      }
      await release();
    },
  };
}

const NOTHING_PUBLISHED = {
  last_error: null,
  messages_published: 0,
  discovery_topics: 0,
  printers: 0,
} as const;

function readErrorCode(body: string): string | null {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}
