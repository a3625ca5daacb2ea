import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { requestUrl } from '../http/body.js';
import { PERMISSIONS } from './auth.js';
import type { OctoPrintContext } from './context.js';
import { historyPoint, jobPayload, statePayload } from './payloads.js';
import { pyFloat, pythonJson } from './python-json.js';
import { OCTOPRINT_VERSION } from './system-routes.js';
import { OctoPrintTerminal } from './terminal.js';

export const PUSH_PATH = '/sockjs/websocket';
/** Per client: terminal lines kept between two `current` messages. */
const MAX_LOG_BACKLOG = 300;
/** A client that stops reading loses `current` messages instead of growing our memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface PushClient {
  ws: WebSocket;
  authed: boolean;
  /** Simulated ms of the newest temperature point sent. */
  lastTemperature: number;
  logs: string[];
  /** which terminal lines the client wants: all, none, or those matching a pattern */
  logFilter: boolean | RegExp;
  plugins: 'all' | string[];
  events: boolean;
}

export interface PushSocketOptions {
  maxMessageBytes: number;
  maxClients: number;
}

/**
 * OctoPrint's SockJS raw websocket (A.3.13): `connected` at once; after a valid `auth` a
 * `history`, then `current` on every tick, plus `event` and `plugin` messages.
 */
export class PushSocket {
  readonly #wss: WebSocketServer;
  readonly #clients = new Set<PushClient>();
  readonly #terminal: OctoPrintTerminal;
  #lastState = '';
  /** the state text of the last `current` sent: a change is sent once even when announced early */
  #lastPushedState = '';
  /** every push socket ever accepted, for tests that count an agent's connections */
  accepted = 0;

  constructor(
    private readonly ctx: OctoPrintContext,
    private readonly options: PushSocketOptions,
  ) {
    this.#wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes });
    this.#terminal = new OctoPrintTerminal(ctx);
    ctx.bus.on('event', (type, payload) =>
      this.#broadcast((c) => c.events, { event: { type, payload } }),
    );
    ctx.bus.on('plugin', (plugin, data) =>
      this.#broadcast((c) => c.plugins === 'all' || c.plugins.includes(plugin), {
        plugin: { plugin, data },
      }),
    );
    ctx.bus.on('log', (line) => {
      for (const client of this.#clients) {
        if (!wantsLine(client, line)) continue;
        client.logs.push(line);
        if (client.logs.length > MAX_LOG_BACKLOG) client.logs.shift();
      }
    });
    ctx.printer.events.on('response', (line) => ctx.bus.emit('log', `Recv: ${line}`));
    ctx.bus.on('stateCheck', () => this.#announceState());
  }

  handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (requestUrl(req).pathname !== PUSH_PATH || this.#clients.size >= this.options.maxClients) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws));
  };

  /**
   * Sends `current` to every authenticated client and `PrinterStateChanged` on a change. While
   * OctoPrint is not connected to its printer nothing changes, and nothing is pushed after the
   * change to Offline: the state monitor only sends on changes and there is no comm object to
   * report temperatures (src/octoprint/printer/standard.py `StateMonitor`, `_sendCurrentData`).
   */
  tick(): void {
    this.#terminal.reportTemperatures();
    const text = this.ctx.connection.stateText();
    const isClosed = text === 'Offline' || text === 'Offline after error';
    this.#announceState();
    // the change to Offline is sent once, also when `PrinterStateChanged` went out before it
    // (a job event's `stateCheck`, e.g. an M112 mid-print)
    const isChange = text !== this.#lastPushedState;
    this.#lastPushedState = text;
    if (isClosed && !isChange) return;
    for (const client of this.#clients) {
      if (client.authed && client.ws.bufferedAmount < MAX_BUFFERED_BYTES) {
        send(client, { current: this.#currentData(client) });
      }
    }
  }

  /**
   * `PrinterStateChanged` when the state text changed since the last one: OctoPrint fires it in
   * `on_comm_state_change` (src/octoprint/printer/standard.py), before the job event of the same
   * change. Answers whether it changed.
   */
  #announceState(): boolean {
    const text = this.ctx.connection.stateText();
    if (text === this.#lastState) return false;
    this.#lastState = text;
    this.ctx.bus.emit('event', 'PrinterStateChanged', {
      state_id: this.ctx.connection.stateId(),
      state_string: text,
    });
    return true;
  }

  close(): void {
    for (const client of this.#clients) client.ws.terminate();
    this.#wss.close();
  }

  #accept(ws: WebSocket): void {
    const client: PushClient = {
      ws,
      authed: false,
      lastTemperature: 0,
      logs: [],
      logFilter: true,
      plugins: 'all',
      events: true,
    };
    this.#clients.add(client);
    this.accepted += 1;
    ws.on('error', () => ws.terminate());
    ws.on('close', () => this.#clients.delete(client));
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.#onMessage(client, data.toString());
    });
    send(client, {
      connected: {
        version: OCTOPRINT_VERSION,
        display_version: OCTOPRINT_VERSION,
        branch: '',
        plugin_hash: 'simulator',
        config_hash: 'simulator',
        debug: false,
        safe_mode: false,
        permissions: PERMISSIONS.map((key) => ({ key, name: key })),
      },
    });
  }

  #onMessage(client: PushClient, text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return; // OctoPrint ignores invalid JSON
    }
    if (typeof message !== 'object' || message === null) return;
    const { auth, subscribe } = message as { auth?: unknown; subscribe?: unknown };
    if (typeof subscribe === 'object' && subscribe !== null) this.#subscribe(client, subscribe);
    if (typeof auth === 'string') this.#authenticate(client, auth);
  }

  /**
   * `{"subscribe": {"state": {"logs": true | false | "<regex>"}, "events": …, "plugins": …}}`
   * (src/octoprint/server/util/sockjs.py `_on_message` subscription: a string is a pattern the
   * terminal lines must match).
   */
  #subscribe(client: PushClient, subscribe: object): void {
    const { events, plugins, state } = subscribe as {
      events?: unknown;
      plugins?: unknown;
      state?: { logs?: unknown };
    };
    const logs = state?.logs;
    if (typeof logs === 'boolean') client.logFilter = logs;
    else if (typeof logs === 'string') {
      try {
        // eslint-disable-next-line security/detect-non-literal-regexp -- test double: mirrors OctoPrint, whose `logs` subscription is a client regex; serves local test clients only
        client.logFilter = new RegExp(logs);
      } catch {
        client.logFilter = false;
      }
    }
    if (typeof events === 'boolean') client.events = events;
    if (plugins === true) client.plugins = 'all';
    else if (plugins === false) client.plugins = [];
    else if (Array.isArray(plugins)) client.plugins = plugins.filter((p) => typeof p === 'string');
  }

  /** `name:session` from a passive login; anything else leaves the socket anonymous. */
  #authenticate(client: PushClient, auth: string): void {
    const [name, session, ...rest] = auth.split(':');
    const valid =
      rest.length === 0 &&
      name === this.ctx.settings.userName &&
      session !== undefined &&
      this.ctx.sessions.isValid(session);
    if (!valid || client.authed) return;
    client.authed = true;
    const history = this.ctx.printer.history.all();
    client.lastTemperature = history[history.length - 1]?.time ?? 0;
    send(client, {
      history: {
        ...this.#snapshot(),
        temps: history.map(historyPoint),
        // the terminal's newest lines, as the client subscribed to them
        logs: this.#terminal.recent().filter((line) => wantsLine(client, line)),
        messages: [],
      },
    });
  }

  #currentData(client: PushClient): Record<string, unknown> {
    const temps = this.ctx.printer.history.since(client.lastTemperature);
    const last = temps[temps.length - 1];
    if (last) client.lastTemperature = last.time;
    const logs = client.logs;
    client.logs = [];
    return {
      ...this.#snapshot(),
      temps: temps.map(historyPoint),
      logs,
      messages: [],
      resends: { count: 0, transmitted: 0, ratio: 0 },
    };
  }

  #snapshot(): Record<string, unknown> {
    const { job, progress } = jobPayload(this.ctx);
    const printer = this.ctx.printer;
    const busy = printer.job.isActive && printer.job.file;
    return {
      state: statePayload(this.ctx),
      job,
      progress,
      // a float from the Z of the last G0/G1 sent (util/comm.py `_gcode_G0_sent`: `float(...)`)
      currentZ: this.ctx.connection.isOperational ? pyFloat(printer.toolhead.position.z) : null,
      offsets: {},
      busyFiles: busy ? [{ origin: 'local', path: busy.path }] : [],
      serverTime: pyFloat(printer.time / 1000),
    };
  }

  #broadcast(wants: (client: PushClient) => boolean, message: unknown): void {
    for (const client of this.#clients) {
      if (client.authed && wants(client)) send(client, message);
    }
  }
}

/** A terminal line the client subscribed to (all, none, or those its pattern finds). */
function wantsLine(client: PushClient, line: string): boolean {
  return (
    client.logFilter === true || (client.logFilter instanceof RegExp && client.logFilter.test(line))
  );
}

function send(client: PushClient, message: unknown): void {
  if (client.ws.readyState === client.ws.OPEN) client.ws.send(pythonJson(message));
}
