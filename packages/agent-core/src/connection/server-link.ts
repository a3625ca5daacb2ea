import WebSocket from 'ws';
import {
  DEVICE_CLOSE_CODES,
  DEVICE_IDENTITY_HEADER,
  DEVICE_MAX_MESSAGE_BYTES,
  ServerMessageSchema,
  trimTrailingSlashes,
  type AgentMessage,
  type ConfigureMessage,
  type RequestMessage,
  type WelcomeMessageSchema,
} from '@printdeck/shared';
import type { z } from 'zod';
import type { Logger } from '../log.js';
import { RetryTimer, type BackoffPolicy } from './backoff.js';
import { describeConnectFailure } from './connect-failure.js';
import { SERVER_SOCKET_PATH, stopFor, warningFor, type AgentStop } from './stop-reasons.js';

type Welcome = z.infer<typeof WelcomeMessageSchema>;

export interface ServerLinkOptions {
  serverUrl: string;
  deviceKey: string;
  /** the agent's own identity, which the key is paired with */
  identity: string;
  hello: Extract<AgentMessage, { type: 'hello' }>;
  backoff: BackoffPolicy;
  /** a connection that lasted this long starts the backoff again from the bottom */
  stableMs: number;
  log: Logger;
  onOnline: (welcome: Welcome) => void;
  onRequest: (request: RequestMessage) => void;
  onConfigure?: (configure: ConfigureMessage) => void;
  /** a request the agent cannot read: it must still be answered, once */
  onBadRequest: (id: string, commandName: unknown) => void;
  onOffline: () => void;
  onStop: (stop: AgentStop) => void;
}

/** Beyond this much unsent data the link counts as congested and optional messages wait. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** `http://host:8080` → `ws://host:8080/api/device/ws`; a ws(s) URL with a path is kept. */
export function deviceSocketUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.protocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
  if (!url.pathname.endsWith(SERVER_SOCKET_PATH)) {
    url.pathname = `${trimTrailingSlashes(url.pathname)}${SERVER_SOCKET_PATH}`;
  }
  url.search = '';
  return url.toString();
}

/**
 * The agent's one socket to the server (ARCHITECTURE §5): the key in the Authorization header,
 * hello first, a heartbeat both ways, reconnects with capped backoff and jitter, and a stop
 * with a clear message when the server says another try cannot help.
 */
export class ServerLink {
  readonly #options: ServerLinkOptions;
  readonly #retry: RetryTimer;
  #ws: WebSocket | null = null;
  #isOnline = false;
  #isStopped = false;
  #welcomedAt: number | null = null;
  #lastHeard = 0;
  #heartbeat: NodeJS.Timeout | null = null;
  #closed: Promise<void> = Promise.resolve();

  constructor(options: ServerLinkOptions) {
    this.#options = options;
    this.#retry = new RetryTimer(options.backoff);
  }

  get isOnline(): boolean {
    return this.#isOnline;
  }

  start(): void {
    this.#connect();
  }

  /** Closes for good (1000); resolves once the socket is gone. */
  async stop(): Promise<void> {
    this.#isStopped = true;
    this.#retry.cancel();
    this.#stopHeartbeat();
    const ws = this.#ws;
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      if (ws.readyState === WebSocket.OPEN) ws.close(1000, 'agent stopping');
      else ws.terminate();
      const timer = setTimeout(() => ws.terminate(), 2000);
      await this.#closed;
      clearTimeout(timer);
    }
  }

  /** Sends when online; `optional` messages wait (false) while the socket is congested. */
  send(message: AgentMessage, optional = false): boolean {
    const ws = this.#ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    if (!this.#isOnline && message.type !== 'hello') return false;
    if (optional && ws.bufferedAmount > MAX_BUFFERED_BYTES) return false;
    ws.send(JSON.stringify(message));
    return true;
  }

  #connect(): void {
    if (this.#isStopped) return;
    const url = deviceSocketUrl(this.#options.serverUrl);
    const ws = new WebSocket(url, {
      headers: {
        authorization: `Bearer ${this.#options.deviceKey}`,
        [DEVICE_IDENTITY_HEADER]: this.#options.identity,
      },
      handshakeTimeout: 15_000,
      maxPayload: DEVICE_MAX_MESSAGE_BYTES,
    });
    this.#ws = ws;
    let httpStatus: number | null = null;
    let socketError: Error | null = null;
    this.#closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve();
        this.#onClose(ws, code, reason.toString(), httpStatus, socketError);
      });
    });
    ws.on('unexpected-response', (_request, response) => {
      httpStatus = response.statusCode ?? null;
      response.resume();
      ws.terminate();
    });
    ws.on('error', (error) => {
      socketError = error;
      this.#options.log.debug('server socket error', { error: error.message });
    });
    ws.on('open', () => {
      this.#lastHeard = Date.now();
      ws.send(JSON.stringify(this.#options.hello));
    });
    ws.on('ping', () => (this.#lastHeard = Date.now()));
    ws.on('pong', () => (this.#lastHeard = Date.now()));
    ws.on('message', (data, isBinary) => {
      this.#lastHeard = Date.now();
      if (!isBinary) this.#onMessage(data.toString());
    });
  }

  #onMessage(text: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.#options.log.warn('the server sent a message that is not JSON');
      return;
    }
    const parsed = ServerMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const message = raw as { type?: unknown; id?: unknown; command?: { name?: unknown } };
      if (message?.type === 'request' && typeof message.id === 'string') {
        this.#options.onBadRequest(message.id, message.command?.name);
      } else {
        this.#options.log.warn('the server sent a message the agent does not know');
      }
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'welcome':
        return this.#onWelcome(message);
      case 'request':
        if (this.#isOnline) this.#options.onRequest(message);
        return;
      case 'configure':
        this.#options.onConfigure?.(message);
        return;
      case 'ping':
        this.send({ type: 'pong', at: message.at });
        return;
      case 'pong':
        return;
    }
  }

  #onWelcome(welcome: Welcome): void {
    this.#isOnline = true;
    this.#welcomedAt = Date.now();
    this.#options.log.info('connected to the server', { server_version: welcome.server_version });
    this.#startHeartbeat(welcome.heartbeat_ms);
    this.#options.onOnline(welcome);
  }

  /** An app-level ping every interval; nothing heard for two intervals means a dead link. */
  #startHeartbeat(intervalMs: number): void {
    this.#stopHeartbeat();
    const ms = Math.max(100, intervalMs);
    this.#heartbeat = setInterval(() => {
      if (Date.now() - this.#lastHeard > 2 * ms + 1000) {
        this.#options.log.warn('the server went silent; reconnecting');
        this.#ws?.terminate();
        return;
      }
      this.send({ type: 'ping', at: Date.now() });
    }, ms);
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }

  #onClose(
    ws: WebSocket,
    code: number,
    reason: string,
    httpStatus: number | null,
    error: Error | null,
  ): void {
    if (ws !== this.#ws) return;
    this.#ws = null;
    const wasOnline = this.#isOnline;
    this.#isOnline = false;
    this.#stopHeartbeat();
    if (wasOnline) this.#options.onOffline();
    if (this.#isStopped) return;
    const stop = stopFor(code, reason, httpStatus);
    if (stop) {
      this.#isStopped = true;
      this.#options.log.error(stop.message);
      this.#options.onStop(stop);
      return;
    }
    const wasStable =
      this.#welcomedAt !== null && Date.now() - this.#welcomedAt >= this.#options.stableMs;
    // a restarting server (1012) wants everyone back, spread out by the jitter
    if (wasStable || code === DEVICE_CLOSE_CODES.serverRestart) this.#retry.reset();
    this.#welcomedAt = null;
    const delay = this.#retry.schedule(() => this.#connect());
    const warning = warningFor(httpStatus);
    if (warning) this.#options.log.warn(warning, { retry_in_ms: delay });
    if (!wasOnline) {
      // a try that never got in: which address, and why, so a wrong address is plain to see
      const why = describeConnectFailure(error, httpStatus, { code, reason });
      const address = deviceSocketUrl(this.#options.serverUrl);
      this.#options.log.warn(`could not reach the Printdeck server at ${address}: ${why}`, {
        retry_in_ms: delay,
      });
      return;
    }
    this.#options.log.warn('server connection lost; reconnecting', {
      code,
      ...(httpStatus ? { http_status: httpStatus } : {}),
      reason,
      retry_in_ms: delay,
    });
  }
}
