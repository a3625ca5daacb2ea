import type { Camera } from '../camera/camera.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import type { GcodeStore } from './gcode-store.js';
import type { MacroDefinition } from './klipper-commands.js';
import type { Klippy } from './klippy.js';
import type { RpcConnection } from './methods.js';
import type { PowerDevices } from './power.js';

export interface MoonrakerSettings {
  /** When set, every request needs it (X-Api-Key or a oneshot token); otherwise trusted. */
  apiKey: string | null;
  hostname: string;
  /** Where the `gcodes` root lives on the simulated host (for `virtual_sdcard.file_path`). */
  gcodesPath: string;
  macros: readonly MacroDefinition[];
  maxUploadBytes: number;
  maxJsonBytes: number;
  /** Real ms a `printer.objects.subscribe` takes to answer (a busy Klipper; faults set it). */
  subscribeDelayMs: number;
  /**
   * Real ms after Klippy connects before Moonraker has registered Klipper's endpoints: a
   * JSON-RPC call meanwhile is "Method not found" (faults set it).
   */
  endpointsDelayMs: number;
}

/** Sends a notification to every websocket client. */
export type Notify = (method: string, params: unknown[]) => void;

export interface MoonrakerContext {
  printer: VirtualPrinter;
  klippy: Klippy;
  store: GcodeStore;
  power: PowerDevices;
  camera: Camera | null;
  settings: MoonrakerSettings;
  /** Simulated ms when the simulated host booted; `eventtime` counts from it. */
  bootTime: number;
  notify: Notify;
  /** Open websocket connections, for `server.info`. */
  websocketCount: () => number;
  /** Connections identified as `agent`, by client name (components/extensions.py `agents`). */
  agents: Map<string, RpcConnection>;
  baseUrl: () => string;
}
