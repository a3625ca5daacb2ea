import type { FastifyBaseLogger } from 'fastify';
import type { AgentLink, ServerLinkOptions } from '@printdeck/agent-core';
import {
  AgentMessageSchema,
  describeBadMessage,
  DEVICE_PROTOCOL_VERSION,
  RELEASE_VERSION,
  type DeviceDriver,
  type RequestMessage,
} from '@printdeck/shared';
import { applyDeviceReport, isDeviceReport } from '../../gateway/device-reports.js';
import type { DeviceLink, LiveDevices } from '../../gateway/live-devices.js';

/** No socket to ping: the link itself tells the store the device is alive this often. */
const HEARTBEAT_MS = 15_000;

/**
 * The device protocol between a built-in agent (LAN mode) and the live-devices store, without
 * a socket: the same hello, state, request, response and event messages, each validated by the
 * protocol's schema as the gateway does (device-connection.ts), handed over in-process.
 */
export function createBuiltInLink(
  options: ServerLinkOptions,
  deps: {
    deviceKeyId: number;
    live: LiveDevices;
    log: FastifyBaseLogger;
    onHello: (driver: DeviceDriver) => void;
    /** the server closed the device (its key revoked, replaced, shutdown) */
    onClosed: (code: number, reason: string) => void;
  },
): AgentLink {
  const { deviceKeyId, live } = deps;
  let isOnline = false;
  /** attached to the store: online, and its printer's host answers */
  let isAttached = false;
  let heartbeat: NodeJS.Timeout | null = null;
  const goOffline = () => {
    isOnline = false;
    isAttached = false;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  };

  const deviceLink: DeviceLink = {
    send(message) {
      if (!isOnline) return false;
      const typed = message as RequestMessage | { type: string };
      // answered on a later turn, as a socket would: the caller has registered its wait
      queueMicrotask(() => {
        if (!isOnline) return;
        if (typed.type === 'request') options.onRequest(typed as RequestMessage);
        else if (typed.type === 'configure')
          options.onConfigure?.(message as Parameters<NonNullable<typeof options.onConfigure>>[0]);
      });
      return true;
    },
    close(code, reason) {
      if (!isOnline) return;
      goOffline();
      options.onOffline();
      deps.onClosed(code, reason);
    },
  };

  /**
   * The server is this printer's device: a host that does not answer makes the printer
   * offline, as an agent's lost socket would (its last state kept, its commands refused), and
   * the first state that reaches the host again brings it back.
   */
  const followHost = () => {
    const state = live.get(deviceKeyId).state;
    const isReachable = state?.error?.code !== 'printer-unreachable';
    if (!isReachable && isAttached) {
      isAttached = false;
      live.detach(deviceKeyId, deviceLink);
    } else if (isReachable && !isAttached && state) {
      isAttached = true;
      live.attach(deviceKeyId, deviceLink, options.hello.driver);
      live.applySnapshot(deviceKeyId, state);
    }
  };

  const receive = (raw: unknown): boolean => {
    const parsed = AgentMessageSchema.safeParse(raw);
    if (!parsed.success) {
      deps.log.warn(
        { deviceKeyId, reason: describeBadMessage(parsed.error) },
        'dropped a bad message from a built-in agent',
      );
      return true;
    }
    const message = parsed.data;
    if (isDeviceReport(message)) {
      applyDeviceReport(live, deviceKeyId, message);
      if (message.type === 'state') followHost();
      return true;
    }
    switch (message.type) {
      case 'ping':
      case 'pong':
        live.markAlive(deviceKeyId);
        break;
      case 'hello':
        break;
    }
    return true;
  };

  return {
    get isOnline() {
      return isOnline;
    },
    start() {
      queueMicrotask(() => {
        if (isOnline) return;
        isOnline = true;
        isAttached = true;
        live.attach(deviceKeyId, deviceLink, options.hello.driver);
        heartbeat = setInterval(() => live.markAlive(deviceKeyId), HEARTBEAT_MS);
        heartbeat.unref();
        options.onOnline({
          type: 'welcome',
          protocol: DEVICE_PROTOCOL_VERSION,
          server_version: RELEASE_VERSION,
          heartbeat_ms: HEARTBEAT_MS,
        });
        deps.onHello(options.hello.driver);
      });
    },
    async stop() {
      if (!isOnline) return;
      if (isAttached) live.detach(deviceKeyId, deviceLink);
      goOffline();
    },
    send(message) {
      if (!isOnline) return false;
      return receive(message);
    },
  };
}
