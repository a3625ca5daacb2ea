import { HttpError } from '../http/errors.js';
import { sendPythonJson } from './python-json.js';
import { sendBytes, sendEmpty } from '../http/respond.js';
import { route, type Route, type RouteContext } from '../http/router.js';
import {
  ANONYMOUS_USER,
  CSRF_FAILED,
  currentUserPayload,
  isAuthorized,
  requireKey,
  userPayload,
} from './auth.js';
import type { OctoPrintContext } from './context.js';
import { readCommand, readJson } from './request.js';

export const OCTOPRINT_VERSION = '1.11.8';
const SNAPSHOT_PATH = '/webcam/?action=snapshot';
const STREAM_PATH = '/webcam/?action=stream';
/** Werkzeug's BadRequest text: what a POST to a plugin that is not installed gets (A.3.11). */
const BAD_REQUEST_TEXT =
  'The browser (or proxy) sent a request that this server could not understand.';

/** Version, users and login, settings, PSU Control, and the camera (A.1, A.3.1, A.3.10–11). */
export function systemRoutes(ctx: OctoPrintContext): Route[] {
  return [
    route('GET', '/api/version', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      sendPythonJson(res, 200, {
        api: '0.1',
        server: OCTOPRINT_VERSION,
        text: `OctoPrint ${OCTOPRINT_VERSION}`,
      });
    }),
    route('GET', '/api/server', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      sendPythonJson(res, 200, { version: OCTOPRINT_VERSION, safemode: false });
    }),
    route('GET', '/api/currentuser', ({ req, res, url }) => {
      sendPythonJson(
        res,
        200,
        isAuthorized(ctx, req, url) ? currentUserPayload(ctx) : ANONYMOUS_USER,
      );
    }),
    route('POST', '/api/login', (rc) => login(ctx, rc)),
    route('POST', '/api/logout', ({ res }) => sendEmpty(res)),
    route('GET', '/api/settings', ({ req, res, url }) => {
      const authorized = isAuthorized(ctx, req, url);
      sendPythonJson(res, 200, {
        api: { allowCrossOrigin: false },
        appearance: { name: ctx.printer.name },
        feature: { sdSupport: false },
        webcam: authorized ? webcamSettings(ctx) : {},
        plugins: ctx.settings.psuControl ? { psucontrol: { connectOnPowerOn: false } } : {},
      });
    }),
    route('GET', '/api/plugin/psucontrol', ({ req, res, url }) => {
      if (!ctx.settings.psuControl) throw new HttpError(404, 'Not Found');
      requireKey(ctx, req, url);
      sendPythonJson(res, 200, { isPSUOn: ctx.printer.isPowered });
    }),
    route('POST', '/api/plugin/psucontrol', (rc) => psuCommand(ctx, rc)),
    route('GET', '/downloads/camera/current', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      sendSnapshot(ctx, res, { 'content-disposition': 'attachment; filename="snapshot"' });
    }),
    // mjpg-streamer behind OctoPi's haproxy: no key needed, as on a real Pi
    route('GET', '/webcam/', ({ res, url }) => {
      if (url.searchParams.get('action') !== 'snapshot') throw new HttpError(404, 'Not Found');
      sendSnapshot(ctx, res, {});
    }),
  ];
}

async function login(ctx: OctoPrintContext, rc: RouteContext): Promise<void> {
  const data = await readJson(ctx, rc);
  if (data.passive === undefined) {
    throw new HttpError(403, 'User unknown or password incorrect');
  }
  const authorized = isAuthorized(ctx, rc.req, rc.url);
  sendPythonJson(
    rc.res,
    200,
    authorized ? userPayload(ctx, ctx.sessions.create()) : { ...ANONYMOUS_USER },
  );
}

async function psuCommand(ctx: OctoPrintContext, rc: RouteContext): Promise<void> {
  if (!ctx.settings.psuControl) throw new HttpError(400, BAD_REQUEST_TEXT, { plain: true });
  // the CSRF check runs before the plugin's own permission check (csrf.py)
  if (!isAuthorized(ctx, rc.req, rc.url)) throw new HttpError(400, CSRF_FAILED);
  const { command } = await readCommand(ctx, rc, {
    turnPSUOn: [],
    turnPSUOff: [],
    togglePSU: [],
    getPSUState: [],
  });
  const printer = ctx.printer;
  if (command === 'getPSUState') {
    sendPythonJson(rc.res, 200, { isPSUOn: printer.isPowered });
    return;
  }
  const on = command === 'togglePSU' ? !printer.isPowered : command === 'turnPSUOn';
  printer.setPower(on);
  sendEmpty(rc.res);
}

/**
 * The webcam settings. A stock OctoPrint lists its bundled classic webcam with no snapshot URL
 * (plugins/classicwebcam/__init__.py: `snapshot=""` by default, `canSnapshot` false); the
 * simulator has a working one only when it was given a camera (a pill, an OctoPi).
 */
function webcamSettings(ctx: OctoPrintContext): Record<string, unknown> {
  const enabled = ctx.camera !== null;
  const base = ctx.baseUrl();
  const snapshot = enabled ? `${base}${SNAPSHOT_PATH}` : '';
  return {
    webcamEnabled: true,
    streamUrl: enabled ? STREAM_PATH : '',
    snapshotUrl: snapshot,
    flipH: false,
    flipV: false,
    rotate90: false,
    defaultWebcam: 'classic',
    snapshotWebcam: 'classic',
    webcams: [
      {
        name: 'classic',
        displayName: 'Classic Webcam',
        canSnapshot: enabled,
        snapshotDisplay: snapshot,
        flipH: false,
        flipV: false,
        rotate90: false,
        extras: {},
        compat: {
          stream: enabled ? STREAM_PATH : '',
          snapshot,
          streamRatio: '16:9',
        },
        provider: 'classicwebcam',
      },
    ],
  };
}

/**
 * OctoPrint's HTML error page: what `/downloads/camera/current` answers when the webcam
 * cannot take a snapshot (`WebcamNotAbleToTakeSnapshotException` is not handled as JSON).
 */
const INTERNAL_ERROR_PAGE =
  '<!doctype html>\n<html lang=en>\n<title>500 Internal Server Error</title>\n<h1>Internal Server Error</h1>\n<p>The server encountered an internal error and was unable to complete your request. Either the server is overloaded or there is an error in the application.</p>\n';

function sendSnapshot(
  ctx: OctoPrintContext,
  res: RouteContext['res'],
  headers: Record<string, string>,
): void {
  if (!ctx.camera) {
    sendBytes(res, 500, 'text/html; charset=utf-8', INTERNAL_ERROR_PAGE, {});
    return;
  }
  sendBytes(res, 200, 'image/jpeg', ctx.camera.snapshot(), {
    'cache-control': 'no-store',
    ...headers,
  });
}
