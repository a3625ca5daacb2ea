import type { VirtualPrinter } from '../printer-model/printer.js';

/** `gcode_state` values a P1/X1 reports (OpenBambuAPI `mqtt.md` push_status; reference §1.8). */
export type GcodeState = 'IDLE' | 'PREPARE' | 'RUNNING' | 'PAUSE' | 'FINISH' | 'FAILED';

/** `print_error` words the simulator raises (reference §1.9, from bambuddy and ha-bambulab). */
export const PRINT_ERROR = {
  /** 0300_400C "task was canceled": set on stop, cleared about 2 s later */
  cancelled: 0x0300400c,
  /** 0500_4004 "device busy, cannot start a new task" */
  busy: 0x05004004,
  /** 0500_C010 SD read/write error: a start whose file is missing or unreadable */
  sdError: 0x0500c010,
  /** 0700_8012 failed to get the AMS mapping table */
  amsMapping: 0x07008012,
} as const;

export interface AmsTray {
  id: string;
  tray_type?: string;
  tray_sub_brands?: string;
  tray_color?: string;
  tray_info_idx?: string;
  remain?: number;
  tray_uuid?: string;
}

/** One AMS with two loaded and two empty slots: an empty slot is only `{id}` (reference §1.7). */
export function defaultAms(): AmsTray[] {
  return [
    {
      id: '0',
      tray_type: 'PLA',
      tray_sub_brands: 'PLA Basic',
      tray_color: '00AE42FF',
      tray_info_idx: 'GFA00',
      remain: 63,
      tray_uuid: '5E1F0C3A9B2D4E6F8A7B6C5D4E3F2A1B',
    },
    {
      id: '1',
      tray_type: 'PETG',
      tray_sub_brands: 'PETG HF',
      tray_color: '161616FF',
      tray_info_idx: 'GFG02',
      remain: 90,
      tray_uuid: '00000000000000000000000000000000',
    },
    { id: '2' },
    { id: '3' },
  ];
}

/** The job as the firmware names it: the ids `project_file` sent, "0" for screen prints. */
export interface BambuTask {
  subtaskName: string;
  /** `gcode_file`: the 3MF's name on a P1 (reference §1.6) */
  gcodeFile: string;
  projectId: string;
  subtaskId: string;
  taskId: string;
  printType: 'local' | 'cloud';
}

/** What the firmware keeps beside the printer model. */
export class BambuPanel {
  task: BambuTask | null = null;
  /** downloading/unzipping the 3MF before the print runs (PREPARE) */
  preparePercent: number | null = null;
  /** a start that failed before the print ran (missing file, unreadable plate) */
  prepareFailed = false;
  printError = 0;
  hms: Array<{ attr: number; code: number }> = [];
  lights: Record<'chamber_light' | 'work_light', 'on' | 'off' | 'flashing'> = {
    chamber_light: 'on',
    work_light: 'off',
  };
  ams: AmsTray[] = defaultAms();
  /** false on a P1P as sold: no AMS reported */
  hasAms = true;
  /** the second nozzle's heater of an H2D (°C); null on a one-nozzle printer */
  leftNozzle: { temperature: number; target: number } | null = null;
  /**
   * `ipcam.rtsp_url`: the RTSPS address while "LAN Only Liveview" is on, else "disable"
   * (reference §1.13); always "disable" on a printer without that camera
   */
  rtspUrl = 'disable';
  hasSdCard = true;
  /** the G-code lines `gcode_line` ran, newest last (for tests) */
  readonly gcodeLines: string[] = [];
}

/**
 * The firmware's `gcode_state` from the printer model (reference §1.8): PREPARE while the file
 * is fetched, RUNNING through heating and printing, PAUSE, then FINISH or FAILED, which stay
 * until the next job (a stop reads FAILED with `print_error` 0300_400C).
 */
export function gcodeState(printer: VirtualPrinter, panel: BambuPanel): GcodeState {
  if (panel.preparePercent !== null) return 'PREPARE';
  if (panel.prepareFailed) return 'FAILED';
  const job = printer.job;
  if (job.status === 'printing') return 'RUNNING';
  if (job.status === 'paused') return 'PAUSE';
  if (job.status === 'complete') return 'FINISH';
  if (job.status === 'cancelled' || job.status === 'error') return 'FAILED';
  return 'IDLE';
}

export function isBusy(state: GcodeState): boolean {
  return state === 'PREPARE' || state === 'RUNNING' || state === 'PAUSE';
}
