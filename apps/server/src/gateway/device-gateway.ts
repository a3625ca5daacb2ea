import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { DEVICE_CLOSE_CODES, DEVICE_MAX_MESSAGE_BYTES, type DeviceDriver } from '@printdeck/shared';
import type { DeviceKeysService } from '../modules/device-keys/device-keys.service.js';
import { handleDeviceConnection, type GatewayLimits } from './device-connection.js';
import type { LiveDevices } from './live-devices.js';

export const DEVICE_SOCKET_PATH = '/api/device/ws';

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
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
  },
): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: DEVICE_MAX_MESSAGE_BYTES });
  let isClosing = false;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (request.url ?? '').split('?')[0];
    if (path !== DEVICE_SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (isClosing) return refuseUpgrade(socket, 503, 'Service Unavailable');
    const match = /^Bearer (\S{1,200})$/.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    void (async () => {
      const deviceKeyId = token ? await deps.deviceKeys.verifyDeviceKey(token) : null;
      if (deviceKeyId === null) return refuseUpgrade(socket, 401, 'Unauthorized');
      wss.handleUpgrade(request, socket, head, (ws) => {
        handleDeviceConnection({
          socket: ws,
          deviceKeyId,
          live: deps.live,
          logger: app.log,
          ...(deps.limits ? { limits: deps.limits } : {}),
          onHello: (driver) => {
            void deps.deviceKeys.markDeviceSeen(deviceKeyId).catch(() => undefined);
            void deps.onDeviceHello?.(deviceKeyId, driver).catch(() => undefined);
          },
        });
      });
    })().catch((error: unknown) => {
      app.log.error({ err: error }, 'device upgrade failed');
      refuseUpgrade(socket, 500, 'Internal Server Error');
    });
  };

  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    isClosing = true;
    deps.live.closeAll(DEVICE_CLOSE_CODES.serverRestart, 'server restart');
    app.server.off('upgrade', onUpgrade);
    wss.close();
  });
}
