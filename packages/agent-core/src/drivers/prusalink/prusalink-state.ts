import type { DeviceState, StateFlags } from '@printdeck/shared';
import { NO_FLAGS, NO_PLUGINS, numberOrNull, unreachableState } from '../device-state.js';
import { asRecord } from '../host-http.js';
import type { TrackedJob } from '../job-tracker.js';
import { PRUSALINK } from './prusalink-api.js';

/**
 * The printer states of PrusaLink (Prusa-Link-Web `spec/openapi.yaml` `PrinterState`; Buddy
 * `src/state/printer_state.cpp`; Prusa-Link `printer_adapter/state_manager.py`). Buddy can
 * also answer UNKNOWN; anything else reads as that.
 */
export const PRUSALINK_STATES = [
  'IDLE',
  'BUSY',
  'PRINTING',
  'PAUSED',
  'FINISHED',
  'STOPPED',
  'ERROR',
  'ATTENTION',
  'READY',
  'UNKNOWN',
] as const;
export type PrusaLinkState = (typeof PRUSALINK_STATES)[number];

export function readPrusaLinkState(value: unknown): PrusaLinkState {
  return (PRUSALINK_STATES as readonly unknown[]).includes(value)
    ? (value as PrusaLinkState)
    : 'UNKNOWN';
}

/** The states in which a job is running on the printer (its `job` member is there). */
export function isJobState(state: PrusaLinkState): boolean {
  return state === 'PRINTING' || state === 'PAUSED' || state === 'ATTENTION';
}

/** `status.job` and the file `/api/v1/job` names for that job id. */
export interface PrusaLinkJob {
  id: number;
  progress: number | null;
  timePrinting: number | null;
  timeRemaining: number | null;
  /** the file's path in its storage (`folder/long name`), once `/api/v1/job` told */
  path: string | null;
  displayName: string | null;
}

/** Everything the agent knows about one PrusaLink printer. */
export interface PrusaLinkModel {
  isReachable: boolean;
  isPermissionDenied: boolean;
  /** the printer's words when it refused the password or key */
  refusal: string | null;
  state: PrusaLinkState;
  temperature: DeviceState['temperature'];
  job: PrusaLinkJob | null;
  tracked: TrackedJob | null;
  localIpAddress: string | null;
  /** a Prusa-Link camera was listed (`GET /api/v1/cameras`); Buddy has none */
  hasCamera: boolean;
}

export function initialPrusaLinkModel(localIpAddress: string | null): PrusaLinkModel {
  return {
    isReachable: false,
    isPermissionDenied: false,
    refusal: null,
    state: 'UNKNOWN',
    temperature: { tool0: null, bed: null },
    job: null,
    tracked: null,
    localIpAddress,
    hasCamera: false,
  };
}

/** `/api/v1/status` → the model's state, temperatures and job numbers. */
export function changeFromStatus(
  status: unknown,
  previousJob: PrusaLinkJob | null,
): Partial<PrusaLinkModel> {
  const printer = asRecord(asRecord(status).printer);
  const job = asRecord(asRecord(status).job);
  const state = readPrusaLinkState(printer.state);
  const id = numberOrNull(job.id);
  const known = previousJob && previousJob.id === id ? previousJob : null;
  return {
    state,
    temperature: {
      tool0: {
        actual: numberOrNull(printer.temp_nozzle),
        target: numberOrNull(printer.target_nozzle),
      },
      bed: { actual: numberOrNull(printer.temp_bed), target: numberOrNull(printer.target_bed) },
    },
    job:
      id === null
        ? null
        : {
            id,
            progress: numberOrNull(job.progress),
            timePrinting: numberOrNull(job.time_printing),
            // omitted while the printer does not know it (reference §3.4): null, never 0
            timeRemaining: numberOrNull(job.time_remaining),
            path: known?.path ?? null,
            displayName: known?.displayName ?? null,
          },
  };
}

/** `/api/v1/job` `file` → its path in the storage, by the long name (Buddy: `display_name`). */
export function jobFilePath(job: unknown): { path: string; displayName: string } | null {
  const file = asRecord(asRecord(job).file);
  const name =
    typeof file.display_name === 'string' && file.display_name
      ? file.display_name
      : typeof file.name === 'string'
        ? file.name
        : null;
  if (!name) return null;
  // `path` is the folder with the storage first: "/usb" or "/usb/models"
  const folder = typeof file.path === 'string' ? file.path.split('/').filter(Boolean).slice(1) : [];
  return { path: [...folder, name].join('/'), displayName: name };
}

const flags = (set: Partial<StateFlags>): StateFlags => ({ ...NO_FLAGS, ...set });

/**
 * PrusaLink's state in Printdeck's flags (reference §3.5): IDLE/READY/FINISHED/STOPPED may
 * start a print; BUSY is operational but not ready (wait); ATTENTION is paused and needs a
 * human; ERROR is an error.
 */
export function prusaLinkFlags(state: PrusaLinkState): { text: string; flags: StateFlags } {
  switch (state) {
    case 'IDLE':
    case 'READY':
      return { text: 'Operational', flags: flags({ operational: true, ready: true }) };
    case 'FINISHED':
      return { text: 'Finished', flags: flags({ operational: true, ready: true }) };
    case 'STOPPED':
      return { text: 'Stopped', flags: flags({ operational: true, ready: true }) };
    case 'BUSY':
      return { text: 'Busy', flags: flags({ operational: true }) };
    case 'PRINTING':
      return { text: 'Printing', flags: flags({ operational: true, printing: true }) };
    case 'PAUSED':
      return { text: 'Paused', flags: flags({ operational: true, paused: true }) };
    case 'ATTENTION':
      return { text: 'Attention', flags: flags({ operational: true, paused: true }) };
    case 'ERROR':
      return { text: 'Error', flags: flags({ error: true, closedOrError: true }) };
    case 'UNKNOWN':
      return { text: 'Unknown', flags: NO_FLAGS };
  }
}

export function normalisePrusaLinkState(model: PrusaLinkModel): DeviceState {
  const plugins = { ...NO_PLUGINS, camera: model.hasCamera };
  const common = { fan: { speed: null }, homed_axes: null };
  const unreachable = unreachableState({
    hostName: PRUSALINK,
    plugins,
    localIpAddress: model.localIpAddress,
  });
  if (!model.isReachable) return { ...unreachable, ...common };
  if (model.isPermissionDenied) {
    return {
      ...unreachable,
      error: { code: 'permission-denied', detail: model.refusal ?? 'PrusaLink refused the login.' },
      ...common,
    };
  }
  const { text, flags: stateFlags } = prusaLinkFlags(model.state);
  const error =
    model.state === 'ERROR'
      ? { code: 'printer-error', detail: 'The printer reports an error on its screen.' }
      : model.state === 'ATTENTION'
        ? { code: 'printer-error', detail: 'The printer needs attention on its screen.' }
        : null;
  const job = model.job;
  const tracked = model.tracked;
  return {
    is_paired: model.state !== 'UNKNOWN',
    state: { text, flags: stateFlags },
    error,
    temperature: model.temperature,
    job:
      job && isJobState(model.state)
        ? {
            file_name: job.displayName,
            completion: job.progress === null ? null : Math.min(100, Math.max(0, job.progress)),
            print_time: job.timePrinting,
            print_time_left: job.timeRemaining,
            path: job.path,
            started_at: tracked && tracked.path === job.path ? tracked.startedAt : null,
            outcome: tracked && tracked.path === job.path ? tracked.outcome : null,
          }
        : null,
    local_ip_address: model.localIpAddress,
    plugins,
    lights: { led_on: null },
    klipper: null,
    ...common,
  };
}
