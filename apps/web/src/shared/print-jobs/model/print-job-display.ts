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
 * Why an ended job ended as it did, as an i18n key with its values: Printdeck's own reasons in
 * the reader's language, the printer's words quoted as they came. Null for a running job or
 * one the printer simply reported.
 */
export function getEndReasonDisplay(
  job: Pick<PrintJob, 'outcome' | 'end_reason' | 'end_reason_code'>,
): {
  key: `printJobs.endReason.${NonNullable<PrintJob['end_reason_code']>}`;
  reason: string;
} | null {
  if (job.outcome === 'printing' || job.end_reason_code === null) return null;
  return { key: `printJobs.endReason.${job.end_reason_code}`, reason: job.end_reason ?? '' };
}

/**
 * Re-print (spec part 1 §4): the latest job's file when it still exists, otherwise the
 * 'Gcode deleted' notification. A printer that never printed says so (nothing to print again).
 */
export type ReprintDecision =
  { kind: 'open'; fileId: number } | { kind: 'fileDeleted' } | { kind: 'noHistory' };

export function decideReprint(latest: PrintJob | null): ReprintDecision {
  if (!latest) return { kind: 'noHistory' };
  if (latest.file_exists && latest.file_id !== null)
    return { kind: 'open', fileId: latest.file_id };
  return { kind: 'fileDeleted' };
}
