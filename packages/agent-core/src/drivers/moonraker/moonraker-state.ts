import type { DeviceState, StateFlags } from '@printdeck/shared';
import { clamp, NO_FLAGS, numberOrNull, unreachableState } from '../device-state.js';
import type { JobEventName } from '../driver.js';
import { asRecord } from '../host-http.js';
import type { TrackedJob } from '../job-tracker.js';

export const MOONRAKER = 'Moonraker';

/** `print_stats.state` endings as job events (a start is any move into `printing`). */
export const MOONRAKER_JOB_EVENTS: Record<string, JobEventName> = {
  complete: 'job_finished',
  cancelled: 'job_cancelled',
  error: 'job_failed',
};

export type ObjectStatus = Record<string, unknown>;

/** Everything the agent knows about one Moonraker and its Klipper. */
export interface MoonrakerModel {
  isReachable: boolean;
  /** Klippy's state (`server.info` klippy_state, `webhooks.state`) and its message */
  klippy: { state: string; message: string };
  /** the subscribed printer objects, every update merged in (reference B.3.2) */
  status: Record<string, ObjectStatus>;
  /** the last progress (0–1) seen while printing: shown after a cancel resets it (C.3.6) */
  lastProgress: number | null;
  /** the printer's job as the agent follows it (identity, outcome) */
  tracked: TrackedJob | null;
  /** the `[power]` device that feeds the printer, if any, with Moonraker's status for it */
  power: { device: string | null; status: string | null };
  /** the `led <name>` object the LED command drives, if any */
  ledObject: string | null;
  hasCamera: boolean;
  localIpAddress: string | null;
  /** why Moonraker refused the agent's connection, when it said (shown instead of "does not answer") */
  refusal: string | null;
}

const on = (...keys: Array<keyof StateFlags>): StateFlags => {
  const flags = { ...NO_FLAGS };
  for (const key of keys) flags[key] = true;
  return flags;
};

interface Shown {
  text: string;
  flags: StateFlags;
  isPaired: boolean;
}

/**
 * Reference B.2 "Product mapping": Klippy's state first, then `print_stats.state`. Klipper has
 * no pausing or cancelling states; a sticky `error` job on a ready printer is idle.
 */
export function showKlipperState(klippyState: string, jobState: string | null): Shown {
  switch (klippyState) {
    case 'ready':
      if (jobState === 'printing')
        return { text: 'Printing', flags: on('operational', 'printing'), isPaired: true };
      if (jobState === 'paused')
        return { text: 'Paused', flags: on('operational', 'paused'), isPaired: true };
      return { text: 'Operational', flags: on('operational', 'ready'), isPaired: true };
    case 'error':
    case 'shutdown':
      return { text: 'Error', flags: on('error', 'closedOrError'), isPaired: true };
    case 'startup':
      return { text: 'Connecting', flags: NO_FLAGS, isPaired: false };
    default:
      return { text: 'Offline', flags: on('closedOrError'), isPaired: false };
  }
}

/** `print_stats` + progress into the job; percent from `display_status` (what UIs show). */
export function normaliseMoonrakerJob(
  status: Record<string, ObjectStatus>,
  lastProgress: number | null,
  tracked: TrackedJob | null = null,
  isKlippyReady = true,
): DeviceState['job'] {
  const stats = asRecord(status.print_stats);
  const fileName = typeof stats.filename === 'string' ? stats.filename : '';
  if (fileName === '') return null;
  const jobState = stats.state;
  const live =
    numberOrNull(asRecord(status.display_status).progress) ??
    numberOrNull(asRecord(status.virtual_sdcard).progress);
  let progress: number | null;
  if (jobState === 'complete') progress = 1;
  else if (jobState === 'printing' || jobState === 'paused') progress = live;
  else progress = lastProgress ?? live;
  const printTime = numberOrNull(stats.print_duration);
  // after a shutdown print_stats stays "paused" (klippy/extras/print_stats.py), yet the print
  // is over: no time left is shown for it (issue 30)
  const isRunning = isKlippyReady && (jobState === 'printing' || jobState === 'paused');
  // Klipper counts print_duration from the first extrusion (klippy/extras/print_stats.py): until
  // then nothing says how long the rest takes, so the time left is unknown, never 0
  const left =
    jobState === 'complete'
      ? 0
      : isRunning && progress !== null && progress > 0 && printTime !== null && printTime > 0
        ? (printTime * (1 - progress)) / progress
        : null;
  const own = tracked && tracked.path === fileName ? tracked : null;
  return {
    file_name: fileName.slice(0, 255),
    completion: progress === null ? null : clamp(progress * 100, 0, 100),
    print_time: printTime === null ? null : Math.max(0, printTime),
    print_time_left: left === null ? null : Math.max(0, Math.round(left)),
    path: fileName.slice(0, 1024),
    started_at: own ? own.startedAt : null,
    outcome: own ? own.outcome : null,
  };
}

/** The job the agent followed, when Klippy is gone and cannot show it (how it ended). */
function trackedJob(tracked: TrackedJob | null): DeviceState['job'] {
  if (!tracked) return null;
  return {
    file_name: tracked.path.slice(0, 255),
    completion: null,
    print_time: null,
    print_time_left: null,
    path: tracked.path.slice(0, 1024),
    started_at: tracked.startedAt,
    outcome: tracked.outcome,
  };
}

function heater(value: unknown): { actual: number | null; target: number | null } | null {
  const record = asRecord(value);
  if (!('temperature' in record) && !('target' in record)) return null;
  return { actual: numberOrNull(record.temperature), target: numberOrNull(record.target) };
}

/** Any channel of Klipper's `color_data` lit. */
function isLedOn(value: unknown): boolean | null {
  const data = asRecord(value).color_data;
  if (!Array.isArray(data)) return null;
  return data.some(
    (pixel) => Array.isArray(pixel) && pixel.some((c) => typeof c === 'number' && c > 0),
  );
}

/** One Moonraker and its Klipper, normalised into the state every driver reports. */
export function normaliseMoonrakerState(model: MoonrakerModel): DeviceState {
  const isOn = model.power.status === 'on' ? true : model.power.status === 'off' ? false : null;
  const plugins = {
    power_relay: model.power.device !== null,
    power_on: model.power.device !== null ? isOn : null,
    led: model.ledObject !== null,
    spectoda: false,
    camera: model.hasCamera,
  };
  if (!model.isReachable) {
    return unreachableState({
      hostName: MOONRAKER,
      plugins,
      localIpAddress: model.localIpAddress,
      ...(model.refusal ? { detail: model.refusal } : {}),
    });
  }
  const { status } = model;
  const isConnected = model.klippy.state !== 'disconnected' && model.klippy.state !== 'startup';
  const jobState = asRecord(status.print_stats).state;
  // pairing follows Klippy; only a relay that says "off" (not a `klipper_device` in "error"
  // or "init" while Klipper is down) means the printer has no power (B.3.7)
  const isPoweredOff = model.power.device !== null && model.power.status === 'off';
  const shown =
    isPoweredOff && model.klippy.state !== 'ready'
      ? showKlipperState('disconnected', null)
      : showKlipperState(model.klippy.state, typeof jobState === 'string' ? jobState : null);
  const fanSpeed = numberOrNull(asRecord(status.fan).speed);
  const homed = asRecord(status.toolhead).homed_axes;
  return {
    is_paired: shown.isPaired,
    state: { text: shown.text, flags: shown.flags },
    error: null,
    temperature: isConnected
      ? { tool0: heater(status.extruder), bed: heater(status.heater_bed) }
      : { tool0: null, bed: null },
    job: isConnected
      ? normaliseMoonrakerJob(
          status,
          model.lastProgress,
          model.tracked,
          model.klippy.state === 'ready',
        )
      : trackedJob(model.tracked),
    local_ip_address: model.localIpAddress,
    plugins,
    lights: { led_on: model.ledObject ? isLedOn(status[model.ledObject]) : null },
    klipper: {
      state: model.klippy.state.slice(0, 40),
      state_message: model.klippy.message.slice(0, 4000),
    },
    fan: { speed: isConnected && fanSpeed !== null ? clamp(fanSpeed, 0, 1) : null },
    homed_axes: isConnected && typeof homed === 'string' ? homed.slice(0, 8) : null,
  };
}
