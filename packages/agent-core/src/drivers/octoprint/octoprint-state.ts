import type { DeviceState, StateFlags } from '@printdeck/shared';
import { clamp, NO_FLAGS, numberOrNull, UNKNOWN_TEXT, unreachableState } from '../device-state.js';
import type { JobEventName } from '../driver.js';
import { asRecord, boundDeviceText } from '../host-http.js';
import type { TrackedJob } from '../job-tracker.js';

export const OCTOPRINT = 'OctoPrint';

/** OctoPrint's job events (push socket `event.type`) as the agent reports them. */
export const OCTOPRINT_JOB_EVENTS: Record<string, JobEventName> = {
  PrintStarted: 'job_started',
  PrintDone: 'job_finished',
  PrintFailed: 'job_failed',
  PrintCancelled: 'job_cancelled',
};

/** How each end event says the job went. */
export const JOB_END_OUTCOMES = {
  job_finished: 'done',
  job_failed: 'failed',
  job_cancelled: 'cancelled',
} as const;

/** OctoPrint's error text (`/api/job` `error`, `state.error`), bounded; "" means none. */
export function printerErrorText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? boundDeviceText(value) : null;
}

/** A heater as OctoPrint reports it. */
export interface Reading {
  actual: number | null;
  target: number | null;
}

/** Everything the agent knows about one OctoPrint, as raw as OctoPrint sent it. */
export interface OctoPrintModel {
  isReachable: boolean;
  isPermissionDenied: boolean;
  /** the key works but its user may not print (a read-only user's key): not ready */
  isReadOnlyKey: boolean;
  /** `state.text` (push, `/api/printer`) or `/api/job` `state` */
  stateText: string | null;
  /** `state.flags`, when the answer had them (`/api/job` has only the text) */
  flags: Record<string, unknown> | null;
  /** `/api/job` `job` */
  job: unknown;
  /** `/api/job` `progress` */
  progress: unknown;
  /** the printer's error (`/api/job` `error`, e.g. "MAXTEMP triggered!"), bounded */
  error: string | null;
  /** the printer's job as the agent follows it (identity, outcome) */
  tracked: TrackedJob | null;
  temperature: { tool0: Reading | null; bed: Reading | null };
  psu: { isInstalled: boolean; isOn: boolean | null };
  hasCamera: boolean;
  led: { isSupported: boolean; isOn: boolean | null };
  localIpAddress: string | null;
}

/** What the agent knows before OctoPrint first answered. */
export function initialOctoPrintModel(options: {
  hasCamera?: boolean;
  hasLed?: boolean;
  localIpAddress: string | null;
}): OctoPrintModel {
  return {
    isReachable: false,
    isPermissionDenied: false,
    isReadOnlyKey: false,
    stateText: null,
    flags: null,
    job: null,
    progress: null,
    temperature: { tool0: null, bed: null },
    psu: { isInstalled: false, isOn: null },
    error: null,
    tracked: null,
    hasCamera: options.hasCamera ?? false,
    led: { isSupported: options.hasLed ?? false, isOn: null },
    localIpAddress: options.localIpAddress,
  };
}

const on = (...keys: Array<keyof StateFlags>): StateFlags => {
  const flags = { ...NO_FLAGS };
  for (const key of keys) flags[key] = true;
  return flags;
};

/** Reference A.2, row by row: the flags OctoPrint 1.x reports with each state text. */
const FLAGS_BY_TEXT: ReadonlyArray<[RegExp, StateFlags]> = [
  [/^Offline after error$/, on('closedOrError')],
  [/^(Offline|Closed)$/, on('closedOrError')],
  [
    /^(Opening serial connection|Detecting serial connection|Detecting baudrate|Connecting)/,
    NO_FLAGS,
  ],
  [/^Operational$/, on('operational', 'ready')],
  [/^(Starting|Printing|Starting print from SD|Printing from SD)/, on('operational', 'printing')],
  [/^(Sending file to SD|Transferring file to SD)/, on('operational', 'printing')],
  [/^Pausing$/, on('operational', 'printing', 'pausing')],
  [/^Paused$/, on('operational', 'paused')],
  [/^Resuming$/, on('operational', 'printing', 'resuming')],
  [/^Cancelling$/, on('operational', 'printing', 'cancelling')],
  [/^Finishing$/, on('operational', 'printing', 'finishing')],
  // "Error" since 1.6.0, "Error: <message>" before (reference A.2: parse with startsWith)
  [/^Error/, on('error', 'closedOrError')],
];

export function flagsFromText(text: string): StateFlags {
  return FLAGS_BY_TEXT.find(([pattern]) => pattern.test(text))?.[1] ?? NO_FLAGS;
}

/**
 * OctoPrint's own flags when it sent them, corrected for its quirks: 2.0 reports `printing`
 * while paused (test paused first), and the pre-1.6 text "Error: …" means error.
 */
export function normaliseFlags(text: string, raw: Record<string, unknown> | null): StateFlags {
  if (!raw) return flagsFromText(text);
  const flag = (key: keyof StateFlags) => raw[key] === true;
  const paused = flag('paused');
  const isErrorText = text.startsWith('Error');
  return {
    operational: flag('operational'),
    printing: flag('printing') && !paused,
    paused,
    pausing: flag('pausing'),
    cancelling: flag('cancelling'),
    resuming: flag('resuming'),
    finishing: flag('finishing'),
    ready: flag('ready'),
    error: flag('error') || isErrorText,
    closedOrError: flag('closedOrError') || isErrorText,
  };
}

/** `job` + `progress` of `/api/job` (or the push socket): completion is a percentage (C.3.3). */
export function normaliseJob(
  job: unknown,
  progress: unknown,
  tracked: TrackedJob | null = null,
): DeviceState['job'] {
  const file = asRecord(asRecord(job).file);
  const name = [file.display, file.name, file.path].find((v) => typeof v === 'string' && v);
  const path = typeof file.path === 'string' && file.path ? file.path : null;
  const numbers = asRecord(progress);
  const completion = numberOrNull(numbers.completion);
  if (name === undefined && completion === null) return null;
  const own = tracked && path === tracked.path ? tracked : null;
  const seconds = (value: unknown) => {
    const number = numberOrNull(value);
    return number === null ? null : Math.max(0, number);
  };
  return {
    file_name: name === undefined ? null : String(name).slice(0, 255),
    completion: completion === null ? null : clamp(completion, 0, 100),
    print_time: seconds(numbers.printTime),
    print_time_left: seconds(numbers.printTimeLeft),
    path: path === null ? null : path.slice(0, 1024),
    started_at: own ? own.startedAt : null,
    outcome: own ? own.outcome : null,
  };
}

/** A heater reading from `temperature.tool0`, a push `temps` point, or nothing. */
export function toReading(value: unknown): Reading | null {
  const record = asRecord(value);
  if (!('actual' in record) && !('target' in record)) return null;
  return { actual: numberOrNull(record.actual), target: numberOrNull(record.target) };
}

/** One OctoPrint, normalised: what the server stores and derives the printer state from. */
export function normaliseOctoPrintState(model: OctoPrintModel): DeviceState {
  const plugins = {
    power_relay: model.psu.isInstalled,
    power_on: model.psu.isInstalled ? model.psu.isOn : null,
    led: model.led.isSupported,
    spectoda: false,
    camera: model.hasCamera,
  };
  const common = { local_ip_address: model.localIpAddress, fan: { speed: null }, homed_axes: null };
  if (!model.isReachable) {
    return { ...unreachableState({ hostName: OCTOPRINT, plugins, ...localIp(model) }), ...common };
  }
  if (model.isPermissionDenied || model.isReadOnlyKey) {
    return {
      ...unreachableState({ hostName: OCTOPRINT, plugins, ...localIp(model) }),
      error: {
        code: 'permission-denied',
        detail: model.isPermissionDenied
          ? 'OctoPrint does not accept the API key: it is wrong or was revoked.'
          : "OctoPrint's API key may not print: its user is read-only. Use the key of a user who may print.",
      },
      ...common,
    };
  }
  const text = (model.stateText ?? UNKNOWN_TEXT).slice(0, 200);
  const flags = normaliseFlags(text, model.flags);
  return {
    is_paired: flags.operational || flags.error,
    state: { text, flags },
    error: model.error ? { code: 'printer-error', detail: model.error } : null,
    temperature: model.temperature,
    job: normaliseJob(model.job, model.progress, model.tracked),
    plugins,
    lights: { led_on: model.led.isSupported ? model.led.isOn : null },
    klipper: null,
    ...common,
  };
}

function localIp(model: OctoPrintModel) {
  return { localIpAddress: model.localIpAddress };
}
