import type { VirtualPrinter } from '../printer-model/printer.js';

/**
 * The printer states PrusaLink reports (Prusa-Link-Web `spec/openapi.yaml`, `PrinterState`;
 * reference §3.5). READY is Prusa-Link's farm flag and never reported by Buddy in v1 status.
 */
export type PrusaLinkState =
  | 'IDLE'
  | 'BUSY'
  | 'PRINTING'
  | 'PAUSED'
  | 'FINISHED'
  | 'STOPPED'
  | 'ERROR'
  | 'ATTENTION'
  | 'READY';

/** What the firmware keeps beside the printer model: the screen the operator must confirm. */
export class PrusaLinkPanel {
  /** job id, +1 per print (Buddy `marlin_vars()->job_id`; reference §3.8) */
  jobId = 0;
  /** the FINISHED/STOPPED/failed screen was confirmed on the LCD (or a new job began) */
  isConfirmed = true;
  /** a question on the screen: filament runout, MMU error, "wrong printer" (reference §3.5) */
  attention: string | null = null;
  /** preheat, load/unload, self-test from the menu */
  busy: string | null = null;
  /** a red screen that clears by itself when the fault goes */
  error: string | null = null;
}

/**
 * The state as Buddy derives it (Prusa-Firmware-Buddy `src/state/printer_state.cpp`
 * `get_state`): faults first, then the job; FINISHED and STOPPED stay until the operator
 * confirms on the screen. Pausing/resuming read PAUSED, aborting and finishing still PRINTING.
 */
export function prusaLinkState(printer: VirtualPrinter, panel: PrusaLinkPanel): PrusaLinkState {
  const job = printer.job;
  if (panel.error || !printer.isReachable) return 'ERROR';
  if (panel.attention && job.isActive) return 'ATTENTION';
  if (job.status === 'paused' || job.phase === 'pausing' || job.phase === 'resuming') {
    return 'PAUSED';
  }
  if (job.status === 'printing') return 'PRINTING';
  if (panel.busy) return 'BUSY';
  if (!panel.isConfirmed) {
    if (job.status === 'complete') return 'FINISHED';
    if (job.status === 'cancelled') return 'STOPPED';
    if (job.status === 'error') return 'ERROR';
  }
  return 'IDLE';
}

/** A job exists for `/api/v1/job` and `status.job` only while it runs (Buddy; reference §3.4). */
export function hasActiveJob(state: PrusaLinkState): boolean {
  return state === 'PRINTING' || state === 'PAUSED' || state === 'ATTENTION';
}

/** Buddy `prusa_link_api_v1.cpp`: a print may start from IDLE, FINISHED or STOPPED. */
export function canStartPrint(state: PrusaLinkState): boolean {
  return state === 'IDLE' || state === 'READY' || state === 'FINISHED' || state === 'STOPPED';
}
