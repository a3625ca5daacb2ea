/** How a failed start on one printer is told (spec part 1 §8 "Printing"). */
export type PrintStartFailure =
  { kind: 'timeout' } | { kind: 'refused'; printerName: string; message: string };

export interface StartOutcome {
  printerName: string;
  /** the HTTP status of the failure; null when there was no answer */
  status: number | null;
  message: string;
}

/**
 * A 408 is the upload timeout notification; any other failure is the product error naming the
 * printer. Each failed printer is told once; the others keep printing.
 */
export function classifyStartFailure(outcome: StartOutcome): PrintStartFailure {
  if (outcome.status === 408) return { kind: 'timeout' };
  return { kind: 'refused', printerName: outcome.printerName, message: outcome.message };
}

/** Several timeouts make one notification; refusals each name their printer. */
export function summarizeStartFailures(outcomes: readonly StartOutcome[]): {
  hasTimeout: boolean;
  refused: { printerName: string; message: string }[];
} {
  const failures = outcomes.map(classifyStartFailure);
  return {
    hasTimeout: failures.some((failure) => failure.kind === 'timeout'),
    refused: failures.flatMap((failure) =>
      failure.kind === 'refused'
        ? [{ printerName: failure.printerName, message: failure.message }]
        : [],
    ),
  };
}
