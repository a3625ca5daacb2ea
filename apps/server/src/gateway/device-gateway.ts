import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  DEVICE_CLOSE_CODES,
  DEVICE_IDENTITY_HEADER,
  DEVICE_MAX_MESSAGE_BYTES,
  type DeviceDriver,
} from '@printdeck/shared';
import { getUpgradeClientAddress } from '../http/client-address.js';
import type { RateLimitRule, RateLimiter } from '../rate-limit/rate-limiter.js';
import type {
  DeviceKeyProof,
  DeviceKeysService,
} from '../modules/device-keys/device-keys.service.js';
import {
  GATEWAY_LIMITS,
  handleDeviceConnection,
  type GatewayConnections,
  type GatewayLimits,
} from './device-connection.js';
import type { LiveDevices } from './live-devices.js';
import type { Clock } from '../clock.js';

export const DEVICE_SOCKET_PATH = '/api/device/ws';

/**
 * Bad device keys from one address (checklist C03, C42): counted after the key is checked, so a
 * good key from the same address (a makerspace behind one NAT) always connects; over the limit
 * a bad key is answered 429 with Retry-After, and the agent backs off.
 */
export const FAILED_DEVICE_KEYS_PER_ADDRESS: RateLimitRule = { limit: 20, windowSeconds: 60 };

function refuseUpgrade(
  socket: Duplex,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\n${extra}Content-Length: 0\r\n\r\n`,
  );
}

/**
 * The upgrading socket's error listener, shared: a closure made in the upgrade handler would keep
 * its whole scope (the request with its headers, the key, the first bytes) for as long as the
 * socket lives, about 1 kB per device (issue 31).
 */
function destroySocket(this: Duplex): void {
  this.destroy();
}

/**
 * The device gateway: agents dial in with `Authorization: Bearer <device key>` (never in the
 * URL). The key is checked during the HTTP upgrade, before any per-connection state exists.
 */
export function registerDeviceGateway(
  app: FastifyInstance,
  deps: {
    live: LiveDevices;
    deviceKeys: DeviceKeysService;
    onDeviceHello?: (deviceKeyId: number, driver: DeviceDriver) => Promise<void>;
    limits?: Partial<GatewayLimits>;
    rateLimiter: RateLimiter;
    trustProxyHops: number;
    clock: Clock;
  },
): void {
  // no client set: `held` is the gateway's list of sockets (the set's close listener and entry
  // were one more closure per device, issue 31)
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: DEVICE_MAX_MESSAGE_BYTES,
    clientTracking: false,
  });
  let isClosing = false;
  const held = new Map<number, { proof: DeviceKeyProof; socket: WebSocket }>();
  const audit = setInterval(
    () =>
      void auditHeldKeys().catch((error: unknown) =>
        app.log.warn({ err: error }, 'key audit failed'),
      ),
    deps.limits?.keyAuditMs ?? GATEWAY_LIMITS.keyAuditMs,
  );
  audit.unref();

  /**
   * Revocation normally closes the socket at once, through the device bus. A message lost
   * while Redis was down would leave it open for ever: this re-check closes it within one
   * period (issue 23). A batch of keys at a time, the event loop free in between: 5,000
   * keys in one query held it for 6–10 ms, 10,000 for 12–20 ms (issue 31).
   */
  async function auditHeldKeys(): Promise<void> {
    const entries = [...held];
    const batch = connections.limits.keyAuditBatch;
    for (let start = 0; start < entries.length; start += batch) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const proofs = new Map(
        entries.slice(start, start + batch).map(([id, entry]) => [id, entry.proof]),
      );
      for (const id of await deps.deviceKeys.findStaleKeys(proofs)) {
        const entry = held.get(id);
        if (!entry || entry.proof !== proofs.get(id)) continue;
        app.log.warn({ deviceKeyId: id }, 'device key no longer valid: socket closed');
        entry.socket.close(DEVICE_CLOSE_CODES.keyRefused, 'key no longer valid');
      }
    }
  }

  const connections: GatewayConnections = {
    live: deps.live,
    logger: app.log,
    clock: deps.clock,
    limits: { ...GATEWAY_LIMITS, ...deps.limits },
    onHello: (deviceKeyId, driver) => {
      void deps.deviceKeys.markDeviceSeen(deviceKeyId).catch(() => undefined);
      void deps.onDeviceHello?.(deviceKeyId, driver).catch(() => undefined);
    },
    onClose: (deviceKeyId, ws) => {
      if (held.get(deviceKeyId)?.socket === ws) held.delete(deviceKeyId);
    },
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', destroySocket);
    const path = (request.url ?? '').split('?')[0];
    if (path !== DEVICE_SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (isClosing) return refuseUpgrade(socket, 503, 'Service Unavailable');
    const match = /^Bearer (\S{1,200})$/.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    const identity = request.headers[DEVICE_IDENTITY_HEADER];
    void (async () => {
      const result = token
        ? await deps.deviceKeys.authenticateDevice(
            token,
            typeof identity === 'string' ? identity : undefined,
          )
        : ({ refused: 'key' } as const);
      if ('refused' in result) {
        const failureKey = `device-key-fail:${getUpgradeClientAddress(request, deps.trustProxyHops)}`;
        const wait = await deps.rateLimiter.retryAfter(failureKey, FAILED_DEVICE_KEYS_PER_ADDRESS);
        if (wait > 0) {
          return refuseUpgrade(socket, 429, 'Too Many Requests', { 'Retry-After': String(wait) });
        }
        await deps.rateLimiter.hit(failureKey, FAILED_DEVICE_KEYS_PER_ADDRESS);
        // a security event (issue 23); never the key, and bounded by the limit above
        app.log.warn(
          {
            security_event: 'device_key_refused',
            outcome: 'refused',
            reason: result.refused,
            ip: getUpgradeClientAddress(request, deps.trustProxyHops),
          },
          'security event: device_key_refused',
        );
        // another agent's key: refused here, so the paired agent's socket is never touched
        if (result.refused === 'paired_elsewhere') return refuseUpgrade(socket, 409, 'Conflict');
        if (result.refused === 'identity_missing') {
          return refuseUpgrade(socket, 400, 'Bad Request');
        }
        return refuseUpgrade(socket, 401, 'Unauthorized');
      }
      const { deviceKeyId, proof } = result;
      wss.handleUpgrade(request, socket, head, (ws) => {
        held.set(deviceKeyId, { proof, socket: ws });
        handleDeviceConnection(ws, deviceKeyId, connections);
      });
    })().catch((error: unknown) => {
      app.log.error({ err: error }, 'device upgrade failed');
      refuseUpgrade(socket, 500, 'Internal Server Error');
    });
  };

  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    isClosing = true;
    clearInterval(audit);
    deps.live.closeAll(DEVICE_CLOSE_CODES.serverRestart, 'server restart');
    app.server.off('upgrade', onUpgrade);
    wss.close();
  });
}
