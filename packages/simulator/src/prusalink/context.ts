import type { VirtualPrinter } from '../printer-model/printer.js';
import type { PrusaLinkCamera } from './camera-routes.js';
import type { DigestSettings } from './digest.js';
import type { PrusaLinkPanel } from './state.js';

/** Everything a PrusaLink route needs; built once per server. */
export interface PrusaLinkContext {
  printer: VirtualPrinter;
  panel: PrusaLinkPanel;
  auth: DigestSettings;
  /** the storage name in paths: Buddy's USB drive */
  storage: 'usb';
  /** a USB drive is in the printer (507 "Missing USB drive" without) */
  hasUsb: boolean;
  /** an upload is being received (Buddy allows one at a time: 409) */
  isTransferring: boolean;
  maxUploadBytes: number;
  serial: string;
  /** a Prusa-Link (MK3 + Raspberry Pi) with a camera; Buddy firmware has none (null) */
  camera: PrusaLinkCamera | null;
}
