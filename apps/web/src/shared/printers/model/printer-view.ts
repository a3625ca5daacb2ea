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
  /**
   * The job is over while the printer still shows it (OctoPrint keeps the finished file
   * selected): done, cancelled or failed in the printer's own word, or null when it says none.
   */
  finished: { outcome: 'done' | 'cancelled' | 'failed' | null } | null;
  /** who started it: a member's name, the printer itself, or null when Printdeck has no record */
  startedBy: { kind: 'member'; username: string } | { kind: 'printer' } | null;
}

export interface PrinterProblem {
  kind: 'keyRefused' | 'hostUnreachable' | 'printerError';
  detail: string;
}

const PROBLEM_KINDS: Record<string, PrinterProblem['kind']> = {
  'permission-denied': 'keyRefused',
  'printer-unreachable': 'hostUnreachable',
  'printer-error': 'printerError',
};

function toProblem(device: PrinterDeviceState | undefined, isOnline: boolean) {
  const error = device?.state.error;
  const kind = error ? PROBLEM_KINDS[error.code] : undefined;
  return isOnline && error && kind ? { kind, detail: error.detail ?? '' } : null;
}

/** The states in which the printer's job is still running. */
const ACTIVE_JOB_STATES: ReadonlySet<PrinterState> = new Set([
  'PRINTING',
  'PAUSED',
  'CANCELLING',
  'DOWNLOADING_PRINT_FILE',
  'STATE_UNKNOWN',
]);

/** A printer with its live device state, as every printer screen reads it (spec part 1 §3). */
export interface PrinterView {
  printer: Printer;
  /** the row of devices-states it was built from */
  device: PrinterDeviceState | undefined;
  printerState: PrinterState;
  downloadProgress: number | null;
  /** the agent is connected to the server (isDeviceConnectedToInternet) */
  isOnline: boolean;
  /** OctoPrint or Klipper on the device is connected to the printer (never while offline) */
  isPaired: boolean;
  hasPowerRelay: boolean;
  /** the relay's word on the power: null when there is no relay or it does not say */
  isPoweredOn: boolean | null;
  /**
   * ms since the epoch of the device's last sign of life, while it is offline and the values
   * shown are the last it reported; null while it is online (the values are live).
   */
  lastSeenAt: number | null;
  isKlipper: boolean;
  hasLed: boolean;
  /** false: the paired device reported it has no camera (say so calmly, ask for no image) */
  hasCamera: boolean;
  hasSpectoda: boolean;
  isLightOn: boolean;
  job: CurrentJob | null;
  /** tool1: a second nozzle (a Bambu H2D's left one), null on single-nozzle printers */
  temperatures: { tool0: Temperature | null; tool1: Temperature | null; bed: Temperature | null };
  /** printing at 0 % while a heater is still short of its target: "Heating", not "Printing 0 %" */
  isHeating: boolean;
  localIpAddress: string | null;
  klipper: { state: string; state_message: string } | null;
  /**
   * What the device says is wrong between it and the printer, in its own words: OctoPrint
   * refused the API key, the host (OctoPrint, Moonraker) does not answer, or the printer
   * reported an error (a thermal runaway, say). Null while online and well, and while offline.
   */
  problem: PrinterProblem | null;
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
  // an offline device's last report says nothing about the printer now
  const isPaired = isOnline && (device?.is_paired ?? false);
  const plugins = device?.plugins ?? null;
  const hasPowerRelay = plugins?.power_relay ?? false;
  // a device that had a job keeps its times after a disconnect: without a file there is no job,
  // and a device online but disconnected from its printer prints nothing; an offline device's
  // job is its last known one
  const job = device?.job?.file_name && (isPaired || !isOnline) ? device.job : null;
  return {
    printer,
    device,
    printerState,
    downloadProgress: device?.download_progress ?? null,
    isOnline,
    isPaired,
    hasPowerRelay,
    isPoweredOn: hasPowerRelay ? (plugins?.power_on ?? null) : null,
    lastSeenAt: !isOnline && device ? device.updated_at : null,
    isKlipper: printer.device_type === 'moonraker',
    hasLed: plugins?.led ?? false,
    hasCamera: !isPaired || (plugins?.camera ?? true),
    hasSpectoda: plugins?.spectoda ?? false,
    isLightOn: device?.lights?.led_on ?? false,
    job: job
      ? {
          name: job.file_name ?? '',
          completion: job.completion ?? 0,
          printTime: job.print_time,
          printTimeLeft: job.print_time_left,
          startedBy: toStartedBy(device?.print_job ?? null),
          finished:
            isPaired && !ACTIVE_JOB_STATES.has(printerState)
              ? { outcome: toFinishedOutcome(job.outcome) }
              : null,
        }
      : null,
    temperatures: {
      tool0: device?.temperature?.tool0 ?? null,
      tool1: device?.temperature?.tool1 ?? null,
      bed: device?.temperature?.bed ?? null,
    },
    isHeating:
      isPaired &&
      isHeatingUp(printerState, job?.completion ?? 0, [
        device?.temperature?.tool0 ?? null,
        device?.temperature?.tool1 ?? null,
        device?.temperature?.bed ?? null,
      ]),
    localIpAddress: device?.local_ip_address ?? null,
    klipper: device?.klipper ?? null,
    problem: toProblem(device, isOnline),
    actions: getPermittedActions({
      printerState,
      isConnected: isOnline,
      isPaired,
      hasPowerRelay,
      powerOn: plugins?.power_on ?? null,
    }),
  };
}

function toStartedBy(job: PrinterDeviceState['print_job']): CurrentJob['startedBy'] {
  if (!job) return null;
  if (job.started_on_printer || job.username === '') return { kind: 'printer' };
  return { kind: 'member', username: job.username };
}

function toFinishedOutcome(
  outcome: string | null | undefined,
): 'done' | 'cancelled' | 'failed' | null {
  return outcome === 'done' || outcome === 'cancelled' || outcome === 'failed' ? outcome : null;
}

/** Within this many degrees of its target a heater counts as there. */
const HEATING_MARGIN_C = 2;

/**
 * A print that has not started moving yet because a heater is still warming up (Klipper reports
 * "printing" from the first line, the M190/M109 wait included).
 */
export function isHeatingUp(
  printerState: string,
  completion: number,
  heaters: Array<Temperature | null>,
): boolean {
  if (printerState !== 'PRINTING' || completion > 0) return false;
  return heaters.some(
    (heater) =>
      heater !== null &&
      heater.actual !== null &&
      heater.target !== null &&
      heater.target > 0 &&
      heater.actual < heater.target - HEATING_MARGIN_C,
  );
}

/** "nozzle 150/215 °C, bed 45/60 °C": the heaters with a target. */
export function formatHeaters(
  temperatures: Pick<PrinterView['temperatures'], 'tool0' | 'bed'>,
  names: { tool0: string; bed: string },
): string {
  return (['tool0', 'bed'] as const)
    .flatMap((key) => {
      const heater = temperatures[key];
      if (!heater || heater.actual === null || !heater.target) return [];
      return [`${names[key]} ${Math.round(heater.actual)}/${Math.round(heater.target)} °C`];
    })
    .join(', ');
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
