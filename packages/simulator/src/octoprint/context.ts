import type { Camera } from '../camera/camera.js';
import type { Emitter } from '../printer-model/emitter.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import type { OctoPrintConnection } from './connection.js';
import type { SessionStore } from './auth.js';

export type OctoPrintBus = {
  /** An OctoPrint event (`PrintStarted`, `Connected`, …) for the push socket. */
  event: [type: string, payload: Record<string, unknown> | null];
  /** A plugin message, e.g. PSU Control's `{ isPSUOn }`. */
  plugin: [plugin: string, data: Record<string, unknown>];
  /** A terminal line (`Send: G28`, `Recv: ok`). */
  log: [line: string];
  /** The state may have changed: send `PrinterStateChanged` now, before the event that follows. */
  stateCheck: [];
};

export interface OctoPrintSettings {
  apiKey: string;
  userName: string;
  psuControl: boolean;
  /** the key's user's permissions; null: an admin, who may do everything */
  permissions: string[] | null;
  maxUploadBytes: number;
  maxJsonBytes: number;
}

/** Everything a route needs; built once per server. */
export interface OctoPrintContext {
  printer: VirtualPrinter;
  connection: OctoPrintConnection;
  bus: Emitter<OctoPrintBus>;
  settings: OctoPrintSettings;
  camera: Camera | null;
  sessions: SessionStore;
  /** The server's own URL, for `refs` and `Location`. */
  baseUrl: () => string;
}
