import type { PrintJob } from '@printdeck/shared';

type Outcome = PrintJob['outcome'];

/** The i18n key and colour of a job's outcome. */
export const OUTCOME_DISPLAY = {
  printing: { key: 'printJobs.outcome.printing', color: 'blue' },
  done: { key: 'printJobs.outcome.done', color: 'green' },
  cancelled: { key: 'printJobs.outcome.cancelled', color: 'gray' },
  failed: { key: 'printJobs.outcome.failed', color: 'red' },
  unknown: { key: 'printJobs.outcome.unknown', color: 'yellow' },
} as const satisfies Record<Outcome, { key: `printJobs.outcome.${Outcome}`; color: string }>;

export function getOutcomeDisplay(outcome: Outcome): (typeof OUTCOME_DISPLAY)[Outcome] {
  return OUTCOME_DISPLAY[outcome];
}

/**
 * Re-print (spec part 1 §4): the latest job's file when it still exists, otherwise the
 * 'Gcode deleted' notification. A printer that never printed opens the dialog without a file.
 */
export type ReprintDecision =
  { kind: 'open'; fileId: number } | { kind: 'fileDeleted' } | { kind: 'noHistory' };

export function decideReprint(latest: PrintJob | null): ReprintDecision {
  if (!latest) return { kind: 'noHistory' };
  if (latest.file_exists && latest.file_id !== null)
    return { kind: 'open', fileId: latest.file_id };
  return { kind: 'fileDeleted' };
}
