import { STATUS_CODES, type ServerResponse } from 'node:http';
import { Camera, headAcrossBed } from '../camera/camera.js';
import { LinkFaults } from '../faults.js';
import type { HttpError } from '../http/errors.js';
import { sendBytes, sendJson } from '../http/respond.js';
import type { PrinterOptions } from '../printer-model/printer.js';
import {
  createPrinter,
  serveSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../simulator.js';
import { prusaLinkCameraRoutes } from './camera-routes.js';
import type { PrusaLinkContext } from './context.js';
import { PrusaLinkFaults } from './faults.js';
import { prusaLinkRoutes } from './routes.js';
import { prusaLinkState, PrusaLinkPanel } from './state.js';

export interface VirtualPrusaLinkOptions extends SimulatorOptions {
  /** Digest user (Buddy: always `maker`). */
  user?: string;
  /** The password shown under Settings → Network → PrusaLink (default `prusa`). */
  password?: string;
  /** Real ms a nonce is good for (Buddy: under 5 s; reference §3.2). */
  nonceLifeMs?: number;
  /**
   * `camera` (SimulatorOptions) makes this a Prusa-Link with a camera and its `/api/v1/cameras`
   * API; without one the printer is Buddy firmware, whose API has no cameras (404).
   * Real ms until that camera's first photo (default 0) and between photos (default 10 s).
   */
  cameraFirstPhotoMs?: number;
  cameraPhotoIntervalMs?: number;
}

export interface VirtualPrusaLink extends Simulator<PrusaLinkFaults> {
  user: string;
  password: string;
  /** The printer's screen: job id, attention, busy, confirmed. */
  panel: PrusaLinkPanel;
  /** `stale=true` challenges answered so far (an old nonce with the right password) */
  staleAnswers(): number;
}

/** A Prusa MK4 on Buddy firmware: short state transitions, reports every second. */
const MK4: PrinterOptions = {
  name: 'Virtual Prusa MK4',
  firmware: 'marlin',
  transitions: { starting: 0.2, pausing: 0.5, resuming: 0.2, cancelling: 0.8, finishing: 0.5 },
  historySampleSeconds: 1,
  historySize: 60,
};

/**
 * An error body as PrusaLink writes it: JSON `{title, text}` when the client accepts JSON,
 * else `409: Conflict\n\nFile already exists` (Buddy `status_renderer.cpp`; reference §3.3).
 */
function sendPrusaLinkError(res: ServerResponse, error: HttpError): void {
  const title = STATUS_CODES[error.status] ?? 'Error';
  const headers = error.options.headers ?? {};
  const accept = String(res.req?.headers.accept ?? '');
  if (/application\/json/i.test(accept)) {
    sendJson(res, error.status, { title, text: error.message }, headers);
  } else {
    sendBytes(
      res,
      error.status,
      'text/plain',
      `${error.status}: ${title}\n\n${error.message}`,
      headers,
    );
  }
}

export async function startVirtualPrusaLink(
  options: VirtualPrusaLinkOptions = {},
): Promise<VirtualPrusaLink> {
  const printer = createPrinter(options, MK4);
  const password = options.password ?? 'prusa';
  const ctx: PrusaLinkContext = {
    printer,
    panel: new PrusaLinkPanel(),
    auth: {
      user: options.user ?? 'maker',
      password,
      apiKey: options.apiKey ?? password,
      realm: 'Printer API',
      nonceLifeMs: options.nonceLifeMs ?? 5000,
      staleAnswers: 0,
    },
    storage: 'usb',
    hasUsb: true,
    isTransferring: false,
    maxUploadBytes: options.maxUploadBytes ?? 64 * 1024 * 1024,
    serial: 'CZPX4720X004XK00001',
    camera: null,
  };
  if (options.camera) {
    ctx.camera = {
      id: 'bWs0LXdlYmNhbQ',
      camera: new Camera(() => cameraView(ctx), options.camera),
      firstPhotoMs: options.cameraFirstPhotoMs ?? 0,
      photoIntervalMs: options.cameraPhotoIntervalMs ?? 10_000,
      startedAt: Date.now(),
      lastPhoto: null,
    };
  }
  const links = new LinkFaults();
  const host = await serveSimulator({
    options,
    printer,
    links,
    routes: [...prusaLinkRoutes(ctx), ...(ctx.camera ? prusaLinkCameraRoutes(ctx) : [])],
    sendError: sendPrusaLinkError,
    upgrade: (_req, socket) => socket.destroy(),
    // PrusaLink pushes nothing: clients poll /api/v1/status
    push: { intervalMs: 60_000, run: () => undefined },
    closeSockets: () => undefined,
  });
  return {
    ...host,
    user: ctx.auth.user,
    password,
    panel: ctx.panel,
    staleAnswers: () => ctx.auth.staleAnswers,
    printer,
    faults: new PrusaLinkFaults(links, printer, ctx),
  };
}

/** What the Prusa-Link camera sees: the printer, its state and the job. */
function cameraView(ctx: PrusaLinkContext) {
  const { printer } = ctx;
  const job = printer.job;
  return {
    name: printer.name,
    state: prusaLinkState(printer, ctx.panel),
    extruder: printer.extruder,
    bed: printer.bed,
    progress: job.file && job.isActive ? job.progress : null,
    head: job.isActive ? headAcrossBed(job.progress) : null,
    fileName: job.file?.display ?? null,
    lights: printer.lights,
  };
}
