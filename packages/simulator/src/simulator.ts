import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { CameraOptions } from './camera/camera.js';
import type { Clock } from './clock.js';
import type { LinkFaults } from './faults.js';
import type { HttpError } from './http/errors.js';
import { startHttpHost } from './http/host.js';
import { dispatch, type Route } from './http/router.js';
import { VirtualPrinter, type PrinterOptions } from './printer-model/printer.js';

/** What both simulators accept. */
export interface SimulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  name?: string;
  apiKey?: string;
  /** Simulated seconds per real second (default 1); 0 freezes time for tests. */
  speed?: number;
  clock?: Clock;
  /** The snapshot camera; false for none. OctoPrint has none unless one is given (stock). */
  camera?: CameraOptions | false;
  maxUploadBytes?: number;
  maxJsonBytes?: number;
  maxMessageBytes?: number;
  /** Real ms between integrations of the printer model (default 100). */
  tickMs?: number;
  /** Anything else about the printer model. */
  printer?: PrinterOptions;
}

/** What both simulators return. */
export interface Simulator<F> {
  url: string;
  port: number;
  printer: VirtualPrinter;
  faults: F;
  close(): Promise<void>;
}

/** The simulator's printer: the host's defaults, then the caller's options. */
export function createPrinter(options: SimulatorOptions, defaults: PrinterOptions): VirtualPrinter {
  return new VirtualPrinter({
    ...defaults,
    name: options.name ?? defaults.name,
    speed: options.speed,
    clock: options.clock,
    ...options.printer,
  });
}

export interface ServeOptions {
  options: SimulatorOptions;
  printer: VirtualPrinter;
  links: LinkFaults;
  routes: readonly Route[];
  sendError: (res: ServerResponse, error: HttpError) => void;
  upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** The second real-time loop: push messages or status updates. */
  push: { intervalMs: number; run: () => void };
  /** Closes the websockets before the HTTP server. */
  closeSockets: () => void;
}

/**
 * Listens (127.0.0.1, any port by default), brings the printer up to date before each request
 * and on every tick, and stops everything on close.
 */
export async function serveSimulator(
  serve: ServeOptions,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const { options, printer } = serve;
  const host = await startHttpHost({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    links: serve.links,
    handle: (req, res) => {
      printer.update();
      return dispatch(serve.routes, req, res);
    },
    sendError: serve.sendError,
    upgrade: serve.upgrade,
  });
  const tick = setInterval(() => printer.update(), options.tickMs ?? 100);
  const push = setInterval(serve.push.run, serve.push.intervalMs);
  return {
    url: host.url,
    port: host.port,
    close: async () => {
      clearInterval(tick);
      clearInterval(push);
      serve.closeSockets();
      await host.close();
    },
  };
}
