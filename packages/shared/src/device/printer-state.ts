import { TIMING } from '../constants.js';
import type { DeviceState } from './device-state.schema.js';

export const PRINTER_STATES = [
  'STATE_UNKNOWN',
  'NOT_CONNECTED_TO_PROXY_SERVER',
  'READY_TO_PRINT',
  'OCTOPRINT_PERMISSION_DENIED',
  'PRINTER_NOT_PAIRED',
  'PRINTING',
  'PAUSED',
  'CANCELLING',
  'ERROR',
  'DOWNLOADING_PRINT_FILE',
] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

export interface DerivedPrinterState {
  printerState: PrinterState;
  /** percent of the print file downloaded, while DOWNLOADING_PRINT_FILE */
  downloadProgress: number | null;
}

/**
 * Spec part 1 §4 "Derivation of the state from server device data", row by row. Used by the
 * web app for display and by the server for print validation, bulk actions and the queue.
 */
export function derivePrinterState(input: {
  isConnected: boolean;
  state: DeviceState | null;
}): DerivedPrinterState {
  const { isConnected, state } = input;
  if (!isConnected)
    return { printerState: 'NOT_CONNECTED_TO_PROXY_SERVER', downloadProgress: null };
  if (state?.error?.code === 'permission-denied') {
    return { printerState: 'OCTOPRINT_PERMISSION_DENIED', downloadProgress: null };
  }
  if (state?.error?.code === 'download-in-progress') {
    const progress = Number(state.error.detail);
    return {
      printerState: 'DOWNLOADING_PRINT_FILE',
      downloadProgress: Number.isFinite(progress) ? progress : 0,
    };
  }
  if (!state || !state.is_paired)
    return { printerState: 'PRINTER_NOT_PAIRED', downloadProgress: null };
  const { flags } = state.state;
  if (flags.operational) {
    if (flags.cancelling) return { printerState: 'CANCELLING', downloadProgress: null };
    if (flags.printing) return { printerState: 'PRINTING', downloadProgress: null };
    if (flags.paused) return { printerState: 'PAUSED', downloadProgress: null };
    if (flags.ready) return { printerState: 'READY_TO_PRINT', downloadProgress: null };
    return { printerState: 'STATE_UNKNOWN', downloadProgress: null };
  }
  return { printerState: flags.error ? 'ERROR' : 'STATE_UNKNOWN', downloadProgress: null };
}

export interface PrinterActionInput {
  printerState: PrinterState;
  isConnected: boolean;
  isPaired: boolean;
  hasPowerRelay: boolean;
  /** what the relay reads (`plugins.power_on`); null or absent: not known */
  powerOn?: boolean | null;
}

/** Spec part 1 §4 "Permitted actions by state". */
export function getPermittedActions({
  printerState,
  isConnected,
  isPaired,
  hasPowerRelay,
  powerOn = null,
}: PrinterActionInput) {
  const isReady = printerState === 'READY_TO_PRINT';
  const isUnpowered = !isPaired && printerState === 'PRINTER_NOT_PAIRED';
  return {
    canTurnOff: isPaired && hasPowerRelay && isReady && powerOn !== false,
    // a relay that reads off may be turned on whatever Klipper says: a `klipper_device` relay
    // reads off while Klipper is ready (issue 30)
    canTurnOn: hasPowerRelay && isConnected && (isUnpowered || powerOn === false),
    canMove: isReady,
    canHome: isReady,
    canDisableMotors: isReady,
    canUseMaterial: isReady,
    canPause: printerState === 'PRINTING',
    canResume: printerState === 'PAUSED',
    canCancel: printerState === 'PRINTING' || printerState === 'PAUSED',
    // an offline device cannot take it: the button would only fail
    canEmergencyStop: isConnected && isPaired,
  };
}

/** Spec part 1 §4 "Display rules": a spinner while changing, unknown, or stale. */
export function shouldShowSpinner(input: {
  printerState: PrinterState;
  isChangingState: boolean;
  lastUpdateMs: number | null;
  nowMs: number;
}): boolean {
  const isStale =
    input.lastUpdateMs === null || input.nowMs - input.lastUpdateMs > TIMING.printerStateStaleMs;
  return input.isChangingState || input.printerState === 'STATE_UNKNOWN' || isStale;
}
