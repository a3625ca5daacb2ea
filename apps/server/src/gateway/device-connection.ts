import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import {
  AgentMessageSchema,
  DEVICE_CLOSE_CODES,
  DEVICE_PROTOCOL_VERSION,
  RELEASE_VERSION,
  describeBadMessage,
  type AgentMessage,
  type DeviceDriver,
} from '@printdeck/shared';
import { applyDeviceReport, isDeviceReport } from './device-reports.js';
import type { DeviceLink, LiveDevices } from './live-devices.js';
import type { Clock } from '../clock.js';

export const GATEWAY_LIMITS = {
  heartbeatMs: 15_000,
  helloDeadlineMs: 10_000,
  /** bytes waiting in the socket's send buffer before the device is dropped as stuck */
  maxBufferedBytes: 4 * 1024 * 1024,
  /** token bucket: sustained messages per second and burst */
  messagesPerSecond: 20,
  messageBurst: 200,
  /** bad messages tolerated per minute before the socket is closed */
  invalidPerMinute: 30,
  /** how long the API waits for a device's answer before 408 */
  commandTimeoutMs: 10_000,
  snapshotTimeoutMs: 5_000,
  /** a print start: the device downloads the file, hands it over and starts it */
  printStartTimeoutMs: 120_000,
  /**
   * How often the keys of this instance's sockets are checked against the database: a
   * revocation whose message was lost (Redis down) still closes the socket (issue 23).
   */
  keyAuditMs: 30_000,
  /** keys read by one query of the audit; the event loop is free between two (issue 31) */
  keyAuditBatch: 500,
} as const;

/** Bad frames logged one by one per socket and minute; the rest are counted. */
const WARNINGS_PER_WINDOW = 3;

export type GatewayLimits = { [K in keyof typeof GATEWAY_LIMITS]: number };

/** What every connection of one gateway shares (made once, not per socket). */
export interface GatewayConnections {
  live: LiveDevices;
  logger: FastifyBaseLogger;
  limits: GatewayLimits;
  /** the server's clock; the message rate and the bad-message window follow it */
  clock: Clock;
  onHello?: (deviceKeyId: number, driver: DeviceDriver) => void;
  /** after the connection's own clean-up */
  onClose?: (deviceKeyId: number, socket: WebSocket) => void;
}

/** The connection of each open socket, for the listeners every socket shares. */
const CONNECTIONS = new WeakMap<WebSocket, DeviceConnection>();

/**
 * One agent's socket: the hello handshake, message validation, throttling and the
 * heartbeat. Nothing a device sends can throw out of here or stall the gateway.
 */
export function handleDeviceConnection(
  socket: WebSocket,
  deviceKeyId: number,
  shared: GatewayConnections,
): void {
  CONNECTIONS.set(socket, new DeviceConnection(socket, deviceKeyId, shared));
  socket.on('pong', onSocketPong);
  socket.on('message', onSocketMessage);
  // A socket without an error listener crashes the process on a frame over maxPayload (C44).
  socket.on('error', onSocketError);
  socket.on('close', onSocketClose);
}

// One set of listeners and timer callbacks for every socket (ws calls a listener with the
// socket as `this`) and one object per connection: a connection holds no closures of its own
// (issue 31: they and a pino child logger were about 1.4 kB of each device's memory).
function onSocketPong(this: WebSocket): void {
  CONNECTIONS.get(this)?.onPong();
}
function onSocketMessage(this: WebSocket, data: WebSocket.RawData, isBinary: boolean): void {
  CONNECTIONS.get(this)?.onMessage(data, isBinary);
}
function onSocketError(this: WebSocket, error: Error): void {
  CONNECTIONS.get(this)?.log('warn', { err: error }, 'device socket error');
}
function onSocketClose(this: WebSocket, code: number): void {
  CONNECTIONS.get(this)?.onClose(code);
  CONNECTIONS.delete(this);
}
function closeWithoutHello(connection: DeviceConnection): void {
  connection.closeWithoutHello();
}
function beat(connection: DeviceConnection): void {
  connection.beat();
}

class DeviceConnection implements DeviceLink {
  private hasSaidHello = false;
  private isAlive = true;
  private tokens: number;
  private lastRefill: number;
  private invalidCount = 0;
  private invalidWindowStart: number;
  /** dropped once cleared: a cleared timer the connection still held was memory per device */
  private helloTimer: NodeJS.Timeout | null;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly deviceKeyId: number,
    private readonly shared: GatewayConnections,
  ) {
    const { limits } = shared;
    this.tokens = limits.messageBurst;
    this.lastRefill = this.invalidWindowStart = this.nowMs();
    this.helloTimer = setTimeout(closeWithoutHello, limits.helloDeadlineMs, this);
    this.heartbeat = setInterval(beat, limits.heartbeatMs, this);
  }

  send(message: unknown): boolean {
    const { socket } = this;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > this.shared.limits.maxBufferedBytes) {
      socket.close(DEVICE_CLOSE_CODES.policyViolation, 'send queue full');
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  /** One logger for every connection: the device goes in each line's fields. */
  log(level: 'info' | 'warn' | 'error', fields: object, message: string): void {
    this.shared.logger[level]({ deviceKeyId: this.deviceKeyId, ...fields }, message);
  }

  /**
   * A late hello is a slow agent (a loaded machine), not another protocol: "silent too long",
   * which the agent retries. 4400 here stopped such agents for good (issue 25, 1,000 printers).
   */
  closeWithoutHello(): void {
    if (!this.hasSaidHello) {
      this.socket.close(DEVICE_CLOSE_CODES.heartbeatTimeout, 'no hello in time');
    }
  }

  beat(): void {
    if (!this.isAlive) {
      this.log('info', {}, 'device silent: dropping its socket');
      this.socket.terminate();
      return;
    }
    this.isAlive = false;
    this.socket.ping();
  }

  onPong(): void {
    this.isAlive = true;
    this.shared.live.markAlive(this.deviceKeyId);
  }

  onMessage(data: WebSocket.RawData, isBinary: boolean): void {
    this.isAlive = true;
    if (!this.isWithinRate()) return this.countInvalid('rate limit');
    if (isBinary) return this.countInvalid('binary frame');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return this.countInvalid('not JSON');
    }
    const result = AgentMessageSchema.safeParse(parsed);
    if (!result.success) return this.countInvalid(describeBadMessage(result.error));
    try {
      this.handleMessage(result.data);
    } catch (error) {
      this.log('error', { err: error }, 'device message handler failed');
    }
  }

  onClose(code: number): void {
    this.reportSuppressed();
    this.clearHelloTimer();
    clearInterval(this.heartbeat);
    this.shared.live.detach(this.deviceKeyId, this);
    this.log('info', { code }, 'device disconnected');
    this.shared.onClose?.(this.deviceKeyId, this.socket);
  }

  private clearHelloTimer(): void {
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.helloTimer = null;
  }

  private nowMs(): number {
    return this.shared.clock.now().getTime();
  }

  private isWithinRate(): boolean {
    const { limits } = this.shared;
    const now = this.nowMs();
    this.tokens = Math.min(
      limits.messageBurst,
      this.tokens + ((now - this.lastRefill) / 1000) * limits.messagesPerSecond,
    );
    this.lastRefill = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** One bad frame is one log line, but a stream of them is a few lines and a count (C43). */
  private reportSuppressed(): void {
    if (this.invalidCount > WARNINGS_PER_WINDOW) {
      this.log(
        'warn',
        { suppressed: this.invalidCount - WARNINGS_PER_WINDOW },
        'dropped more bad device messages without logging each',
      );
    }
  }

  private countInvalid(reason: string): void {
    const now = this.nowMs();
    if (now - this.invalidWindowStart > 60_000) {
      this.reportSuppressed();
      this.invalidWindowStart = now;
      this.invalidCount = 0;
    }
    this.invalidCount += 1;
    if (this.invalidCount <= WARNINGS_PER_WINDOW)
      this.log('warn', { reason }, 'dropped a bad device message');
    if (this.invalidCount > this.shared.limits.invalidPerMinute)
      this.socket.close(DEVICE_CLOSE_CODES.policyViolation, 'too many bad messages');
  }

  private handleMessage(message: AgentMessage): void {
    const { live } = this.shared;
    if (message.type === 'hello') {
      if (message.protocol !== DEVICE_PROTOCOL_VERSION) {
        this.socket.close(
          DEVICE_CLOSE_CODES.protocolMismatch,
          `protocol ${DEVICE_PROTOCOL_VERSION} expected`,
        );
        return;
      }
      this.hasSaidHello = true;
      this.clearHelloTimer();
      live.attach(this.deviceKeyId, this, message.driver);
      this.send({
        type: 'welcome',
        protocol: DEVICE_PROTOCOL_VERSION,
        server_version: RELEASE_VERSION,
        heartbeat_ms: this.shared.limits.heartbeatMs,
      });
      this.shared.onHello?.(this.deviceKeyId, message.driver);
      return;
    }
    if (!this.hasSaidHello) return this.countInvalid('message before hello');
    if (isDeviceReport(message)) return applyDeviceReport(live, this.deviceKeyId, message);
    switch (message.type) {
      case 'ping':
        this.send({ type: 'pong', at: message.at });
        live.markAlive(this.deviceKeyId);
        return;
      case 'pong':
        live.markAlive(this.deviceKeyId);
        return;
    }
  }
}
