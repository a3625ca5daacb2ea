import type { PrinterState } from '@printdeck/shared';
import type { PrinterView } from '../../../shared/printers/model/printer-view';

/** The farm at a glance: what each printer is doing, in five words. */
export const FARM_STATUSES = ['printing', 'ready', 'paused', 'error', 'offline'] as const;
export type FarmStatus = (typeof FARM_STATUSES)[number];

/** The printers list's URL parameter: /printers?state=printing */
export const FARM_STATUS_PARAM = 'state';

const STATUS_OF: Partial<Record<PrinterState, FarmStatus>> = {
  PRINTING: 'printing',
  CANCELLING: 'printing',
  DOWNLOADING_PRINT_FILE: 'printing',
  READY_TO_PRINT: 'ready',
  PAUSED: 'paused',
  ERROR: 'error',
  OCTOPRINT_PERMISSION_DENIED: 'error',
  NOT_CONNECTED_TO_PROXY_SERVER: 'offline',
  PRINTER_NOT_PAIRED: 'offline',
};

/** null while the state is unknown (before data arrives): counted nowhere. */
export function getFarmStatus(state: PrinterState): FarmStatus | null {
  return STATUS_OF[state] ?? null;
}

export function parseFarmStatus(value: string | null): FarmStatus | null {
  return (FARM_STATUSES as readonly string[]).includes(value ?? '') ? (value as FarmStatus) : null;
}

export function countFarmStatuses(views: Iterable<PrinterView>): Record<FarmStatus, number> {
  const counts = { printing: 0, ready: 0, paused: 0, error: 0, offline: 0 };
  for (const view of views) {
    const status = getFarmStatus(view.printerState);
    if (status) counts[status] += 1;
  }
  return counts;
}

export interface FinishingJob {
  view: PrinterView;
  secondsLeft: number;
}

/** Printing printers whose job tells its time left, soonest first. */
export function listFinishingSoonest(views: Iterable<PrinterView>, limit = 5): FinishingJob[] {
  const jobs: FinishingJob[] = [];
  for (const view of views) {
    const left = view.job?.printTimeLeft;
    if (view.printerState === 'PRINTING' && left !== null && left !== undefined) {
      jobs.push({ view, secondsLeft: left });
    }
  }
  return jobs.sort((a, b) => a.secondsLeft - b.secondsLeft).slice(0, limit);
}
