import { HttpError } from '../http/errors.js';
import { sendPythonJson } from './python-json.js';
import { sendEmpty } from '../http/respond.js';
import { route, type Route } from '../http/router.js';
import { requireKey } from './auth.js';
import type { OctoPrintContext } from './context.js';
import { readCommand } from './request.js';

const BAUDRATES = [250000, 230400, 115200, 57600, 38400, 19200, 9600];
const PROFILE = '_default';

/** `GET/POST /api/connection` (A.3.2). */
export function connectionRoutes(ctx: OctoPrintContext): Route[] {
  return [
    route('GET', '/api/connection', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      const { connection } = ctx;
      // without a comm object (Offline, Offline after error) OctoPrint says "Closed" (A.2)
      const closed = connection.phase === 'offline' || connection.phase === 'offline-after-error';
      sendPythonJson(res, 200, {
        current: {
          state: closed ? 'Closed' : connection.stateText(),
          port: closed ? null : connection.port,
          baudrate: closed ? null : connection.baudrate,
          printerProfile: PROFILE,
        },
        options: {
          ports: connection.detection.ports,
          baudrates: BAUDRATES,
          printerProfiles: [{ id: PROFILE, name: 'Default' }],
          portPreference: ctx.connection.savedPort,
          baudratePreference: 115200,
          printerProfilePreference: PROFILE,
        },
      });
    }),
    route('POST', '/api/connection', async (rc) => {
      requireKey(ctx, rc.req, rc.url);
      const { command, data } = await readCommand(ctx, rc, {
        connect: [],
        disconnect: [],
        fake_ack: [],
      });
      if (command === 'connect') connect(ctx, data);
      if (command === 'disconnect') ctx.connection.disconnect();
      sendEmpty(rc.res);
    }),
  ];
}

function connect(ctx: OctoPrintContext, data: Record<string, unknown>): void {
  // no port given: the saved one, or detected when none is saved
  const port = data.port ?? ctx.connection.savedPort ?? 'AUTO';
  const baudrate = data.baudrate ?? 115200;
  const ports = ctx.connection.detection.ports;
  if (typeof port !== 'string' || (port !== 'AUTO' && !ports.includes(port))) {
    throw new HttpError(400, 'port is invalid');
  }
  if (typeof baudrate !== 'number' || (baudrate !== 0 && !BAUDRATES.includes(baudrate))) {
    throw new HttpError(400, 'baudrate is invalid');
  }
  if (data.printerProfile !== undefined && data.printerProfile !== PROFILE) {
    throw new HttpError(400, 'printerProfile is invalid');
  }
  // baudrate 0 (AUTO) is detected too (util/comm.py `needs_detection`)
  ctx.connection.connect(port, baudrate);
}
