import { Camera, headAcrossBed } from '../camera/camera.js';
import { LinkFaults } from '../faults.js';
import type { PrinterOptions } from '../printer-model/printer.js';
import {
  createPrinter,
  serveSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../simulator.js';
import { MoonrakerAuth } from './auth.js';
import type { MoonrakerContext } from './context.js';
import { MoonrakerFaults } from './faults.js';
import { filesMethods } from './files-methods.js';
import { GcodeStore } from './gcode-store.js';
import { moonrakerRoutes, sendMoonrakerError } from './http.js';
import {
  DEFAULT_MACROS,
  registerKlipperCommands,
  type MacroDefinition,
} from './klipper-commands.js';
import { Klippy, type KlippyState } from './klippy.js';
import { methodTable } from './methods.js';
import { announceHistory } from './history.js';
import { DEFAULT_POWER_DEVICES, PowerDevices, type PowerDeviceConfig } from './power.js';
import { powerMethods } from './power-methods.js';
import { printerMethods } from './printer-methods.js';
import { serverMethods } from './server-methods.js';
import { RpcSocketServer } from './websocket.js';

export interface VirtualMoonrakerOptions extends SimulatorOptions {
  /** When set, clients must authenticate; by default the client is trusted (no key). */
  apiKey?: string;
  /** Start with Klippy disconnected and let it boot (default: ready at once). */
  bootKlippy?: boolean;
  macros?: MacroDefinition[];
  /** `[power]` devices; [] for none (then the power endpoints do not exist). */
  powerDevices?: PowerDeviceConfig[];
  maxClients?: number;
  /** Real ms between `notify_status_update`s (Klipper: 250 ms). */
  statusIntervalMs?: number;
  /** Simulated seconds of moves queued ahead of PAUSE / CANCEL_PRINT (default 0). */
  queuedMoveSeconds?: number;
}

export type VirtualMoonraker = Simulator<MoonrakerFaults>;

const KLIPPER_PRINTER: PrinterOptions = {
  name: 'Virtual Klipper',
  firmware: 'klipper',
  ambient: 22,
};

export async function startVirtualMoonraker(
  options: VirtualMoonrakerOptions = {},
): Promise<VirtualMoonraker> {
  const printer = createPrinter(options, KLIPPER_PRINTER);
  const klippy = new Klippy(printer, { boot: options.bootKlippy ?? false });
  const macros = options.macros ?? DEFAULT_MACROS;
  const queue = { seconds: options.queuedMoveSeconds ?? 0 };
  registerKlipperCommands(printer, klippy, macros, queue);
  let socket: RpcSocketServer | null = null;
  let baseUrl = '';
  const notify = (method: string, params: unknown[]) => socket?.broadcast(method, params);
  const ctx: MoonrakerContext = {
    printer,
    klippy,
    store: new GcodeStore(),
    power: new PowerDevices(printer, klippy, options.powerDevices ?? DEFAULT_POWER_DEVICES, notify),
    camera: null,
    settings: {
      apiKey: options.apiKey ?? null,
      hostname: (options.name ?? 'virtual-klipper').toLowerCase().replace(/[^a-z0-9-]+/g, '-'),
      gcodesPath: '/home/pi/printer_data/gcodes',
      macros,
      maxUploadBytes: options.maxUploadBytes ?? 64 * 1024 * 1024,
      maxJsonBytes: options.maxJsonBytes ?? 1024 * 1024,
      subscribeDelayMs: 0,
      endpointsDelayMs: 0,
    },
    bootTime: printer.time,
    notify,
    websocketCount: () => socket?.size ?? 0,
    agents: new Map(),
    baseUrl: () => baseUrl,
  };
  ctx.camera =
    options.camera === false
      ? null
      : new Camera(
          () => ({
            name: printer.name,
            state: klippy.isReady ? printer.job.status : klippy.state,
            extruder: printer.extruder,
            bed: printer.bed,
            progress: printer.job.file ? printer.job.progress : null,
            head: printer.job.isActive ? headAcrossBed(printer.job.progress) : null,
            fileName: printer.job.file?.path ?? null,
            lights: printer.lights,
          }),
          options.camera,
        );

  const table = methodTable([
    ...serverMethods(),
    ...printerMethods(),
    ...filesMethods(),
    ...powerMethods(),
  ]);
  const auth = new MoonrakerAuth(ctx.settings.apiKey);
  const links = new LinkFaults();
  const rpc = new RpcSocketServer(ctx, table, auth, links, {
    maxMessageBytes: options.maxMessageBytes ?? 1024 * 1024,
    maxClients: options.maxClients ?? 64,
  });
  socket = rpc;
  wireNotifications(ctx, rpc);
  announceHistory(ctx, () => rpc.sendStatusUpdates());
  const host = await serveSimulator({
    options,
    printer,
    links,
    routes: moonrakerRoutes({ ctx, table, auth, findConnection: (id) => rpc.find(id) }),
    sendError: sendMoonrakerError,
    upgrade: rpc.handleUpgrade,
    push: { intervalMs: options.statusIntervalMs ?? 250, run: () => rpc.sendStatusUpdates() },
    closeSockets: () => rpc.close(),
  });
  baseUrl = host.url;
  return {
    ...host,
    printer,
    faults: new MoonrakerFaults(links, printer, klippy, queue, ctx.settings),
  };
}

const STATE_WORDS: Partial<Record<KlippyState, string>> = {
  ready: 'Ready',
  shutdown: 'Shutdown',
  disconnected: 'Disconnect',
};

/** Console lines, Klippy transitions and the console history become notifications. */
function wireNotifications(ctx: MoonrakerContext, rpc: RpcSocketServer): void {
  ctx.printer.events.on('response', (line) => {
    ctx.store.add({ message: line, time: ctx.printer.time / 1000, type: 'response' });
    rpc.broadcast('notify_gcode_response', [line]);
  });
  ctx.klippy.events.on('state', (state) => {
    const word = STATE_WORDS[state];
    if (word) ctx.printer.respond(`// Klipper state: ${word}`);
    if (state === 'ready') rpc.broadcast('notify_klippy_ready', []);
    if (state === 'shutdown') rpc.broadcast('notify_klippy_shutdown', []);
    if (state === 'disconnected') {
      rpc.dropSubscriptions();
      rpc.broadcast('notify_klippy_disconnected', []);
    }
  });
}
