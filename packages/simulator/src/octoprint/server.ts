import { randomBytes } from 'node:crypto';
import { Camera, headAcrossBed, type CameraOptions } from '../camera/camera.js';
import { LinkFaults } from '../faults.js';
import { Emitter } from '../printer-model/emitter.js';
import type { PrinterOptions } from '../printer-model/printer.js';
import {
  createPrinter,
  serveSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../simulator.js';
import { SessionStore } from './auth.js';
import { OctoPrintConnection } from './connection.js';
import { connectionRoutes } from './connection-routes.js';
import type { OctoPrintBus, OctoPrintContext } from './context.js';
import { controlRoutes } from './control-routes.js';
import { OctoPrintFaults } from './faults.js';
import { filesRoutes } from './files-routes.js';
import { jobRoutes } from './job-routes.js';
import { CancelTail, forwardPrintEvents } from './print-events.js';
import { printerRoutes } from './printer-routes.js';
import { chartMark, finishAnalyses, firmwareData, followLayers } from './extra-events.js';
import { PushSocket } from './push-socket.js';
import type { SerialDetection } from './serial-detection.js';
import { sendOctoPrintError } from './request.js';
import { systemRoutes } from './system-routes.js';

export interface VirtualOctoPrintOptions extends SimulatorOptions {
  /** The key the agent must send; a random one by default (see `apiKey` on the result). */
  apiKey?: string;
  userName?: string;
  /** Connect to the printer at start, like OctoPrint's autoconnect (default true). */
  autoConnect?: boolean;
  /** The PSU Control plugin is installed (default true). */
  psuControl?: boolean;
  maxPushClients?: number;
  /** Real ms between `current` messages (OctoPrint: at most every 500 ms). */
  pushIntervalMs?: number;
  /** The serial port saved in OctoPrint's settings (default VIRTUAL); null: none, detected. */
  savedPort?: string | null;
  /**
   * The ports OctoPrint finds and its detection timeouts (`serial-detection.ts`; default
   * `/dev/ttyACM0` and `VIRTUAL`, 2 s a hello).
   */
  serialDetection?: Partial<SerialDetection>;
  /** Real ms from `PrintCancelled` to its `PrintFailed {reason: "cancelled"}` (default 100). */
  cancelTailMs?: number;
}

export interface VirtualOctoPrint extends Simulator<OctoPrintFaults> {
  apiKey: string;
  /** how many push sockets were opened to it so far */
  pushSocketsOpened(): number;
}

/** A Marlin printer with OctoPrint's state timings and its 2 s reports kept for 30 minutes (C.1). */
const MARLIN_PRINTER: PrinterOptions = {
  name: 'Virtual OctoPrint',
  firmware: 'marlin',
  transitions: { starting: 0.2, pausing: 0.5, resuming: 0.2, cancelling: 0.8, finishing: 0.2 },
  historySampleSeconds: 2,
  historySize: 900,
};

export async function startVirtualOctoPrint(
  options: VirtualOctoPrintOptions = {},
): Promise<VirtualOctoPrint> {
  const printer = createPrinter(options, MARLIN_PRINTER);
  const bus = new Emitter<OctoPrintBus>();
  const connection = new OctoPrintConnection(printer, (type, payload) => {
    bus.emit('event', type, payload);
    if (type === 'Connected') firmwareData(ctx);
  });
  if (options.savedPort !== undefined) connection.savedPort = options.savedPort;
  connection.detection = { ...connection.detection, ...options.serialDetection };
  let baseUrl = '';
  const ctx: OctoPrintContext = {
    printer,
    connection,
    bus,
    settings: {
      apiKey: options.apiKey ?? randomBytes(16).toString('hex').toUpperCase(),
      userName: options.userName ?? 'printdeck',
      psuControl: options.psuControl ?? true,
      permissions: null,
      maxUploadBytes: options.maxUploadBytes ?? 64 * 1024 * 1024,
      maxJsonBytes: options.maxJsonBytes ?? 64 * 1024,
    },
    camera: null,
    sessions: new SessionStore(),
    baseUrl: () => baseUrl,
  };
  // a stock OctoPrint has no webcam that can take a snapshot: only a given camera makes one
  ctx.camera =
    options.camera === false || options.camera === undefined
      ? null
      : new Camera(() => cameraView(ctx), options.camera);
  const cancelTail = new CancelTail(options.cancelTailMs ?? 100);
  // before the job events' listener: a file's last lines go out before `PrintDone`
  const checkLayer = followLayers(ctx);
  forwardPrintEvents(ctx, cancelTail);
  printer.events.on('job', (event) => chartMark(ctx, event.kind));

  const routes = [
    ...systemRoutes(ctx),
    ...connectionRoutes(ctx),
    ...printerRoutes(ctx),
    ...controlRoutes(ctx),
    ...jobRoutes(ctx),
    ...filesRoutes(ctx),
  ];
  const push = new PushSocket(ctx, {
    maxMessageBytes: options.maxMessageBytes ?? 64 * 1024,
    maxClients: options.maxPushClients ?? 32,
  });
  const links = new LinkFaults();
  const host = await serveSimulator({
    options,
    printer,
    links,
    routes,
    sendError: sendOctoPrintError,
    upgrade: push.handleUpgrade,
    push: {
      intervalMs: options.pushIntervalMs ?? 500,
      run: () => {
        checkLayer();
        finishAnalyses(ctx);
        push.tick();
      },
    },
    closeSockets: () => push.close(),
  });
  baseUrl = host.url;
  if (options.autoConnect ?? true) connection.connectedAtBoot();
  return {
    ...host,
    apiKey: ctx.settings.apiKey,
    pushSocketsOpened: () => push.accepted,
    printer,
    faults: new OctoPrintFaults(links, printer, connection, ctx.settings, cancelTail, {
      setWebcam: (camera) => setWebcam(ctx, camera),
    }),
  };
}

/**
 * The user adds (or removes) a webcam in OctoPrint's settings: saving them fires
 * `SettingsUpdated` with the settings' hashes (src/octoprint/server/api/settings.py
 * `_saveSettings` → `Events.SETTINGS_UPDATED`), nothing else is pushed.
 */
function setWebcam(ctx: OctoPrintContext, camera: CameraOptions | false): void {
  ctx.camera = camera === false ? null : new Camera(() => cameraView(ctx), camera);
  const hash = randomBytes(16).toString('hex');
  ctx.bus.emit('event', 'SettingsUpdated', { config_hash: hash, effective_hash: hash });
}

function cameraView(ctx: OctoPrintContext) {
  const { printer } = ctx;
  const job = printer.job;
  return {
    name: printer.name,
    state: ctx.connection.stateText(),
    extruder: printer.extruder,
    bed: printer.bed,
    progress: job.file && (job.isActive || job.status === 'complete') ? job.progress : null,
    head: job.isActive ? headAcrossBed(job.progress) : null,
    fileName: job.file?.display ?? null,
    lights: printer.lights,
  };
}
