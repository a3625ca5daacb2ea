import type { VirtualPrinter } from '../printer-model/printer.js';
import { gcodeState, type BambuPanel } from './panel.js';

/** Layers a print has when its G-code does not say (20 mm at 0.2 mm). */
const DEFAULT_LAYERS = 100;
/** `stg_cur` on a P1 (reference §1.8; ha-bambulab `CURRENT_STAGE_IDS`). */
const STAGE = { idle: 255, printing: 0, heatingHotend: 7, pausedByUser: 16 } as const;

const round1 = (value: number) => Math.round(value * 10) / 10;
/** Fans are reported as "0"–"15" (reference §1.6). */
const fanLevel = (speed: number) => String(Math.round(speed * 15));

function layers(printer: VirtualPrinter): { layer: number; total: number } {
  const metadata = printer.job.file?.metadata;
  const total =
    metadata?.objectHeight && metadata.layerHeight
      ? Math.max(1, Math.round(metadata.objectHeight / metadata.layerHeight))
      : DEFAULT_LAYERS;
  return { layer: Math.min(total, Math.ceil(printer.job.progress * total)), total };
}

/**
 * The complete `print` object of a push_status, with the fields of OpenBambuAPI `mqtt.md`
 * "print.push_status" that a driver reads (reference §1.6, §1.7). On FINISH and FAILED the
 * firmware resets `mc_percent` and `layer_num` to 0 (reference §1.5 rule 6).
 */
export function fullReport(printer: VirtualPrinter, panel: BambuPanel): Record<string, unknown> {
  const state = gcodeState(printer, panel);
  const job = printer.job;
  const isActive = state === 'RUNNING' || state === 'PAUSE';
  const { layer, total } = layers(printer);
  const remainingS = Math.max(0, job.nominalSeconds - job.printSeconds) / printer.speedFactor;
  const task = panel.task;
  const stage =
    state === 'PAUSE'
      ? STAGE.pausedByUser
      : state === 'RUNNING'
        ? job.phase === 'heating' || job.phase === 'starting'
          ? STAGE.heatingHotend
          : STAGE.printing
        : STAGE.idle;
  return {
    gcode_state: state,
    gcode_file: task?.gcodeFile ?? '',
    gcode_file_prepare_percent: String(panel.preparePercent ?? (isActive ? 100 : 0)),
    gcode_start_time: job.startedAt === null ? '0' : String(Math.floor(job.startedAt / 1000)),
    subtask_name: task?.subtaskName ?? '',
    project_id: task?.projectId ?? '',
    subtask_id: task?.subtaskId ?? '',
    task_id: task?.taskId ?? '',
    profile_id: task ? '0' : '',
    print_type: task?.printType ?? 'idle',
    mc_percent: isActive ? Math.floor(job.progress * 100) : 0,
    mc_remaining_time: isActive ? Math.ceil(remainingS / 60) : 0,
    layer_num: isActive ? layer : 0,
    total_layer_num: isActive ? total : 0,
    stg_cur: stage,
    print_error: panel.printError,
    hms: panel.hms,
    nozzle_temper: round1(printer.extruder.temperature),
    nozzle_target_temper: round1(printer.extruder.target),
    bed_temper: round1(printer.bed.temperature),
    bed_target_temper: round1(printer.bed.target),
    // P1S has no chamber sensor and sends a meaningless value (reference §1.6)
    chamber_temper: 5,
    cooling_fan_speed: fanLevel(printer.fanSpeed),
    big_fan1_speed: '0',
    big_fan2_speed: '0',
    heatbreak_fan_speed: isActive ? '15' : '0',
    spd_lvl: 2,
    spd_mag: Math.round(printer.speedFactor * 100),
    lights_report: Object.entries(panel.lights).map(([node, mode]) => ({ node, mode })),
    sdcard: panel.hasSdCard,
    wifi_signal: '-52dBm',
    nozzle_diameter: '0.4',
    ams: panel.hasAms
      ? {
          ams: [{ id: '0', humidity: '4', temp: '24.1', tray: panel.ams }],
          ams_exist_bits: '1',
          tray_exist_bits: '3',
          tray_now: isActive ? '0' : '255',
          version: 5,
        }
      : { ams: [], ams_exist_bits: '0', tray_exist_bits: '0', tray_now: '255', version: 5 },
    ipcam: {
      ipcam_dev: '1',
      ipcam_record: 'enable',
      timelapse: 'disable',
      rtsp_url: panel.rtspUrl,
    },
    ...(panel.leftNozzle ? { device: nozzles(printer, panel.leftNozzle) } : {}),
  };
}

/**
 * An H2D's two nozzles (reference §1.6, bambuddy `bambu_mqtt.py`): index 0 the right, 1 the
 * left; `temp` packs `target × 65536 + current` while the heater is on, plain °C when off.
 */
function nozzles(printer: VirtualPrinter, left: { temperature: number; target: number }) {
  const packed = (heater: { temperature: number; target: number }) =>
    heater.target > 0
      ? Math.round(heater.target) * 65536 + Math.round(heater.temperature)
      : Math.round(heater.temperature);
  return {
    extruder: {
      info: [
        { id: 0, temp: packed(printer.extruder) },
        { id: 1, temp: packed(left) },
      ],
    },
  };
}

/**
 * What changed since the last push: a P1/A1 sends only changed fields (OpenBambuAPI `mqtt.md`
 * push_status; reference §1.5). Objects and lists go whole when anything in them changed.
 */
export function reportDelta(
  previous: Record<string, unknown> | null,
  next: Record<string, unknown>,
): Record<string, unknown> {
  if (!previous) return next;
  const delta: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(previous[key]) !== JSON.stringify(value)) delta[key] = value;
  }
  return delta;
}
