import {
  getPermittedActions,
  type Printer,
  type PrinterDeviceState,
  type PrinterState,
} from '@printdeck/shared';

export interface Temperature {
  actual: number | null;
  target: number | null;
}

export interface CurrentJob {
  name: string | null;
  /** percent 0–100 */
  completion: number;
  printTime: number | null;
  printTimeLeft: number | null;
}

/** A printer with its live device state, as every printer screen reads it (spec part 1 §3). */
export interface PrinterView {
  printer: Printer;
  /** the row of devices-states it was built from */
  device: PrinterDeviceState | undefined;
  printerState: PrinterState;
  downloadProgress: number | null;
  /** the agent is connected to the server (isDeviceConnectedToInternet) */
  isOnline: boolean;
  /** OctoPrint or Klipper on the device is connected to the printer */
  isPaired: boolean;
  hasPowerRelay: boolean;
  isKlipper: boolean;
  hasLed: boolean;
  hasSpectoda: boolean;
  isLightOn: boolean;
  job: CurrentJob | null;
  temperatures: { tool0: Temperature | null; bed: Temperature | null };
  localIpAddress: string | null;
  klipper: { state: string; state_message: string } | null;
  actions: ReturnType<typeof getPermittedActions>;
}

/**
 * Joins a printer with its row of devices-states. The server already derived the printer
 * state; without a row yet the state is unknown (the spinner shows).
 */
export function buildPrinterView(
  printer: Printer,
  device: PrinterDeviceState | undefined,
): PrinterView {
  const printerState = device?.printer_state ?? 'STATE_UNKNOWN';
  const isOnline = device?.is_connected ?? false;
  const isPaired = device?.is_paired ?? false;
  const plugins = device?.plugins ?? null;
  const hasPowerRelay = plugins?.power_relay ?? false;
  // a device that had a job keeps its times after a disconnect: without a file there is no job
  const job = device?.job?.file_name ? device.job : null;
  return {
    printer,
    device,
    printerState,
    downloadProgress: device?.download_progress ?? null,
    isOnline,
    isPaired,
    hasPowerRelay,
    isKlipper: printer.device_type === 'moonraker',
    hasLed: plugins?.led ?? false,
    hasSpectoda: plugins?.spectoda ?? false,
    isLightOn: device?.lights?.led_on ?? false,
    job: job
      ? {
          name: job.file_name ?? '',
          completion: job.completion ?? 0,
          printTime: job.print_time,
          printTimeLeft: job.print_time_left,
        }
      : null,
    temperatures: {
      tool0: device?.temperature?.tool0 ?? null,
      bed: device?.temperature?.bed ?? null,
    },
    localIpAddress: device?.local_ip_address ?? null,
    klipper: device?.klipper ?? null,
    actions: getPermittedActions({ printerState, isConnected: isOnline, isPaired, hasPowerRelay }),
  };
}

/** The progress bar shows when paired and either printing or past 0 % (spec §4). */
export function shouldShowProgress(view: PrinterView): boolean {
  return view.isPaired && (view.printerState === 'PRINTING' || (view.job?.completion ?? 0) > 0);
}

export const PROGRESS_MIN_WIDTH = 2;

/** The bar's visual width: never thinner than 2 %, so a starting job is visible. */
export function getProgressWidth(completion: number): number {
  return Math.min(100, Math.max(PROGRESS_MIN_WIDTH, completion));
}
