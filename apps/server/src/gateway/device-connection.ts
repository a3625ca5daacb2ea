import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import {
  AgentMessageSchema,
  DEVICE_CLOSE_CODES,
  DEVICE_PROTOCOL_VERSION,
  RELEASE_VERSION,
  type AgentMessage,
  type DeviceDriver,
} from '@printdeck/shared';
import { applyDeviceReport, isDeviceReport } from './device-reports.js';
import type { DeviceLink, LiveDevices } from './live-devices.js';
import { systemClock, type Clock } from '../clock.js';

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
} as const;

/** Bad frames logged one by one per socket and minute; the rest are counted. */
const WARNINGS_PER_WINDOW = 3;

export type GatewayLimits = { [K in keyof typeof GATEWAY_LIMITS]: number };

interface ConnectionDeps {
  socket: WebSocket;
  deviceKeyId: number;
  live: LiveDevices;
  logger: FastifyBaseLogger;
  limits?: Partial<GatewayLimits>;
  /** the server's clock; the message rate and the bad-message window follow it */
  clock?: Clock;
  onHello?: (driver: DeviceDriver) => void;
}

/**
 * One agent's socket: the hello handshake, message validation, throttling and the
 * heartbeat. Nothing a device sends can throw out of here or stall the gateway.
 */
export function handleDeviceConnection({
  socket,
  deviceKeyId,
  live,
  logger,
  limits: overrides,
  clock = systemClock,
  onHello,
}: ConnectionDeps): void {
  const nowMs = () => clock.now().getTime();
  const limits = { ...GATEWAY_LIMITS, ...overrides };
  const log = logger.child({ deviceKeyId });
  let hasSaidHello = false;
  let isAlive = true;
  let tokens: number = limits.messageBurst;
  let lastRefill = nowMs();
  let invalidCount = 0;
  let invalidWindowStart = nowMs();

  const link: DeviceLink = {
    send(message) {
      if (socket.readyState !== socket.OPEN) return false;
      if (socket.bufferedAmount > limits.maxBufferedBytes) {
        socket.close(DEVICE_CLOSE_CODES.policyViolation, 'send queue full');
        return false;
      }
      socket.send(JSON.stringify(message));
      return true;
    },
    close: (code, reason) => socket.close(code, reason),
  };

  const helloTimer = setTimeout(() => {
    if (!hasSaidHello) socket.close(DEVICE_CLOSE_CODES.protocolMismatch, 'no hello');
  }, limits.helloDeadlineMs);
  const heartbeat = setInterval(() => {
    if (!isAlive) {
      log.info('device silent: dropping its socket');
      socket.terminate();
      return;
    }
    isAlive = false;
    socket.ping();
  }, limits.heartbeatMs);

  const isWithinRate = (): boolean => {
    const now = nowMs();
    tokens = Math.min(
      limits.messageBurst,
      tokens + ((now - lastRefill) / 1000) * limits.messagesPerSecond,
    );
    lastRefill = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };

  /** One bad frame is one log line, but a stream of them is a few lines and a count (C43). */
  const reportSuppressed = (): void => {
    if (invalidCount > WARNINGS_PER_WINDOW) {
      log.warn(
        { suppressed: invalidCount - WARNINGS_PER_WINDOW },
        'dropped more bad device messages without logging each',
      );
    }
  };

  const countInvalid = (reason: string): void => {
    const now = nowMs();
    if (now - invalidWindowStart > 60_000) {
      reportSuppressed();
      invalidWindowStart = now;
      invalidCount = 0;
    }
    invalidCount += 1;
    if (invalidCount <= WARNINGS_PER_WINDOW) log.warn({ reason }, 'dropped a bad device message');
    if (invalidCount > limits.invalidPerMinute)
      socket.close(DEVICE_CLOSE_CODES.policyViolation, 'too many bad messages');
  };

  const handleMessage = (message: AgentMessage): void => {
    if (message.type === 'hello') {
      if (message.protocol !== DEVICE_PROTOCOL_VERSION) {
        socket.close(
          DEVICE_CLOSE_CODES.protocolMismatch,
          `protocol ${DEVICE_PROTOCOL_VERSION} expected`,
        );
        return;
      }
      hasSaidHello = true;
      clearTimeout(helloTimer);
      live.attach(deviceKeyId, link, message.driver);
      link.send({
        type: 'welcome',
        protocol: DEVICE_PROTOCOL_VERSION,
        server_version: RELEASE_VERSION,
        heartbeat_ms: limits.heartbeatMs,
      });
      onHello?.(message.driver);
      return;
    }
    if (!hasSaidHello) return countInvalid('message before hello');
    if (isDeviceReport(message)) return applyDeviceReport(live, deviceKeyId, message);
    switch (message.type) {
      case 'ping':
        link.send({ type: 'pong', at: message.at });
        live.markAlive(deviceKeyId);
        return;
      case 'pong':
        live.markAlive(deviceKeyId);
        return;
    }
  };

  socket.on('pong', () => {
    isAlive = true;
    live.markAlive(deviceKeyId);
  });
  socket.on('message', (data, isBinary) => {
    isAlive = true;
    if (!isWithinRate()) return countInvalid('rate limit');
    if (isBinary) return countInvalid('binary frame');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return countInvalid('not JSON');
    }
    const result = AgentMessageSchema.safeParse(parsed);
    if (!result.success) return countInvalid(result.error.issues[0]?.message ?? 'invalid');
    try {
      handleMessage(result.data);
    } catch (error) {
      log.error({ err: error }, 'device message handler failed');
    }
  });
  // A socket without an error listener crashes the process on a frame over maxPayload (C44).
  socket.on('error', (error) => log.warn({ err: error }, 'device socket error'));
  socket.on('close', (code) => {
    reportSuppressed();
    clearTimeout(helloTimer);
    clearInterval(heartbeat);
    live.detach(deviceKeyId, link);
    log.info({ code }, 'device disconnected');
  });
}
