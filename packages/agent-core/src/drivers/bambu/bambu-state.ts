import type { DeviceState, StateFlags } from '@printdeck/shared';
import { readAms } from './bambu-ams.js';
import { NO_FLAGS, NO_PLUGINS, numberOrNull, unreachableState } from '../device-state.js';
import { asRecord } from '../host-http.js';
import type { TrackedJob } from '../job-tracker.js';
import type { BambuReport } from './bambu-report.js';

export const BAMBU = 'The Bambu Lab printer';

/** `gcode_state` values (reference §1.8); INIT, OFFLINE, UNKNOWN and anything else read Unknown. */
export type GcodeState =
  'IDLE' | 'PREPARE' | 'SLICING' | 'RUNNING' | 'PAUSE' | 'FINISH' | 'FAILED' | 'UNKNOWN';

const KNOWN = new Set(['IDLE', 'PREPARE', 'SLICING', 'RUNNING', 'PAUSE', 'FINISH', 'FAILED']);

export function gcodeState(report: BambuReport): GcodeState {
  const value = report.gcode_state;
  return typeof value === 'string' && KNOWN.has(value) ? (value as GcodeState) : 'UNKNOWN';
}

/** Studio counts these as busy: a job runs (reference §1.8). */
export function isActiveState(state: GcodeState): boolean {
  return state === 'PREPARE' || state === 'SLICING' || state === 'RUNNING' || state === 'PAUSE';
}

/** `print_error` words that mean the job was cancelled (reference §1.8 rule 3, §1.9). */
export const CANCELLED_ERRORS = new Set([0x0300400c, 0x0500400e]);

/** Everything the agent knows about one Bambu printer. */
export interface BambuModel {
  isReachable: boolean;
  isPermissionDenied: boolean;
  /** why the printer or its certificate was refused, in words for the admin */
  refusal: string | null;
  /** a complete report (pushall) arrived on this connection */
  hasReport: boolean;
  report: BambuReport;
  tracked: TrackedJob | null;
  localIpAddress: string | null;
}

export function initialBambuModel(localIpAddress: string | null): BambuModel {
  return {
    isReachable: false,
    isPermissionDenied: false,
    refusal: null,
    hasReport: false,
    report: {},
    tracked: null,
    localIpAddress,
  };
}

/** The file the job prints, as stored on the card: the 3MF (P1: `gcode_file`) or plain G-code. */
export function jobPath(report: BambuReport): string | null {
  const file = typeof report.gcode_file === 'string' ? report.gcode_file : '';
  const clean = file.replace(/^file:\/\/\//, '').replace(/^\/?(sdcard|mnt\/sdcard)?\/?/, '');
  // X1 reports the unpacked plate (`/data/Metadata/plate_1.gcode`): the job name is the 3MF
  if (clean && !file.startsWith('/data/')) return clean;
  const name = typeof report.subtask_name === 'string' ? report.subtask_name : '';
  return name ? `${name}.gcode.3mf` : null;
}

/** `MMMM_EEEE`, as the printer's screen shows `print_error` (reference §1.9). */
export function printErrorText(value: number): string {
  const hex = (value >>> 0).toString(16).toUpperCase().padStart(8, '0');
  return `${hex.slice(0, 4)}_${hex.slice(4)}`;
}

/** `HMS_AAAA_AAAA_CCCC_CCCC` (reference §1.9; BambuStudio `DeviceManager.cpp`). */
export function hmsCodes(report: BambuReport): string[] {
  if (!Array.isArray(report.hms)) return [];
  return report.hms.flatMap((entry) => {
    const attr = numberOrNull(asRecord(entry).attr);
    const code = numberOrNull(asRecord(entry).code);
    if (attr === null || code === null) return [];
    const hex = (value: number) => (value >>> 0).toString(16).toUpperCase().padStart(8, '0');
    const [a, c] = [hex(attr), hex(code)];
    return [`HMS_${a.slice(0, 4)}_${a.slice(4)}_${c.slice(0, 4)}_${c.slice(4)}`];
  });
}

const flags = (set: Partial<StateFlags>): StateFlags => ({ ...NO_FLAGS, ...set });

/** `gcode_state` in Printdeck's flags: FINISH and FAILED stay until the next job, and may start one. */
export function bambuFlags(state: GcodeState): { text: string; flags: StateFlags } {
  switch (state) {
    case 'IDLE':
      return { text: 'Operational', flags: flags({ operational: true, ready: true }) };
    case 'FINISH':
      return { text: 'Finished', flags: flags({ operational: true, ready: true }) };
    case 'FAILED':
      return { text: 'Failed', flags: flags({ operational: true, ready: true }) };
    case 'PREPARE':
    case 'SLICING':
      return { text: 'Preparing', flags: flags({ operational: true, printing: true }) };
    case 'RUNNING':
      return { text: 'Printing', flags: flags({ operational: true, printing: true }) };
    case 'PAUSE':
      return { text: 'Paused', flags: flags({ operational: true, paused: true }) };
    case 'UNKNOWN':
      return { text: 'Unknown', flags: NO_FLAGS };
  }
}

function temperature(report: BambuReport, actual: string, target: string) {
  return { actual: numberOrNull(report[actual]), target: numberOrNull(report[target]) };
}

/**
 * An H2's nozzles from `device.extruder.info[]` (reference §1.6, from bambuddy `bambu_mqtt.py`):
 * id 0 the right nozzle, 1 the left; `temp` packs `target × 65536 + current` while the heater
 * is on and is plain °C when it is off. Null for a nozzle the report does not name.
 */
export function nozzleReading(
  report: BambuReport,
  id: number,
): { actual: number | null; target: number | null } | null {
  const info: unknown = asRecord(asRecord(report.device).extruder).info;
  const entries: unknown[] = Array.isArray(info) ? info : [];
  const entry = entries.map(asRecord).find((item) => Number(item.id) === id);
  const temp = numberOrNull(entry?.temp);
  if (temp === null || temp < 0) return null;
  return temp >= 65536
    ? { actual: temp % 65536, target: Math.floor(temp / 65536) }
    : { actual: temp, target: 0 };
}

/** The printer's own error: `print_error` (not a cancel) or active HMS messages. */
function printerError(report: BambuReport, state: GcodeState): DeviceState['error'] {
  const printError = numberOrNull(report.print_error) ?? 0;
  const hms = hmsCodes(report);
  // below 0x4000 in the low half is status noise, not an error (reference §1.9)
  const isError = printError !== 0 && (printError & 0xffff) >= 0x4000;
  if (isError && !CANCELLED_ERRORS.has(printError) && state !== 'IDLE') {
    return {
      code: 'printer-error',
      detail: `The printer reports error ${printErrorText(printError)}${hms.length ? ` (${hms.join(', ')})` : ''}.`,
    };
  }
  if (hms.length) {
    return { code: 'printer-error', detail: `The printer reports ${hms.join(', ')}.` };
  }
  return null;
}

/** `layer_num` of `total_layer_num` (reference §1.6); none before the first layer. */
function layerOf(report: BambuReport): { current: number; total: number | null } | null {
  const current = numberOrNull(report.layer_num);
  if (current === null || current < 1 || !Number.isInteger(current)) return null;
  const total = numberOrNull(report.total_layer_num);
  return {
    current,
    total: total !== null && total >= current && Number.isInteger(total) ? total : null,
  };
}

export function normaliseBambuState(model: BambuModel): DeviceState {
  const report = model.report;
  const chamberLight = Array.isArray(report.lights_report)
    ? report.lights_report.map(asRecord).find((light) => light.node === 'chamber_light')
    : undefined;
  // the A1/P1 JPEG camera answers on port 6000 (the X1's RTSPS stream is not read yet)
  const plugins = { ...NO_PLUGINS, led: true, camera: true };
  const unreachable = unreachableState({
    hostName: BAMBU,
    plugins,
    localIpAddress: model.localIpAddress,
  });
  const common = { fan: { speed: null }, homed_axes: null };
  if (!model.isReachable) return { ...unreachable, ...common };
  if (model.isPermissionDenied) {
    return {
      ...unreachable,
      error: {
        code: 'permission-denied',
        detail: model.refusal ?? 'The printer refused the access code.',
      },
      ...common,
    };
  }
  if (!model.hasReport) {
    return {
      ...unreachable,
      error: { code: 'printer-unreachable', detail: 'Waiting for the printer’s first report.' },
      ...common,
    };
  }
  const state = gcodeState(report);
  const { text, flags: stateFlags } = bambuFlags(state);
  const path = jobPath(report);
  const tracked = model.tracked;
  const isOwn = tracked !== null && tracked.path === path;
  const fan = numberOrNull(Number(report.cooling_fan_speed));
  const startS = Number(report.gcode_start_time);
  const remainingMin = numberOrNull(report.mc_remaining_time);
  const left = nozzleReading(report, 1);
  return {
    is_paired: state !== 'UNKNOWN',
    state: { text, flags: stateFlags },
    error: printerError(report, state),
    temperature: {
      // an H2D reports each nozzle in `device`; `nozzle_temper` mirrors only one of them
      tool0:
        nozzleReading(report, 0) ?? temperature(report, 'nozzle_temper', 'nozzle_target_temper'),
      bed: temperature(report, 'bed_temper', 'bed_target_temper'),
      ...(left ? { tool1: left } : {}),
    },
    job: isActiveState(state)
      ? {
          file_name: path,
          completion:
            state === 'PREPARE'
              ? 0
              : Math.min(100, Math.max(0, numberOrNull(report.mc_percent) ?? 0)),
          print_time:
            state !== 'PREPARE' && startS > 0
              ? Math.max(0, Math.round(Date.now() / 1000 - startS))
              : null,
          // minutes on the wire (reference §1.6); unknown while preparing
          print_time_left: state === 'PREPARE' || remainingMin === null ? null : remainingMin * 60,
          path,
          started_at: isOwn ? tracked.startedAt : null,
          outcome: isOwn ? tracked.outcome : null,
          layer: layerOf(report),
        }
      : null,
    local_ip_address: model.localIpAddress,
    plugins,
    lights: { led_on: chamberLight ? chamberLight.mode !== 'off' : null },
    klipper: null,
    fan: { speed: fan === null ? null : Math.min(1, Math.max(0, fan / 15)) },
    homed_axes: null,
    ams: readAms(report),
  };
}
