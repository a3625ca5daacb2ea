import { isFilamentWrongFor, type FilamentType, type PrinterState } from '@printdeck/shared';

/** What the dialog knows of a chosen printer. */
export interface PrintTarget {
  printerState: PrinterState;
  filamentType: FilamentType | null;
}

export type PrintValidationError =
  | 'validationErrorNoPrinterSelected'
  | 'validationErrorNotAllPrintersReady'
  | 'validationErrorNotAllPrintersCorrectFilament';

export type PrinterHint = 'notReady' | 'filamentMismatch';

/** A printer with a filament type set must have the file's type (spec part 1 §5, rule 3). */
function hasWrongFilament(target: PrintTarget, fileFilament: FilamentType | null): boolean {
  return isFilamentWrongFor(target.filamentType, fileFilament);
}

/** The print dialog's checks, in the spec's order (part 1 §5); null when it may print. */
export function validatePrint(
  targets: readonly PrintTarget[],
  fileFilament: FilamentType | null,
): PrintValidationError | null {
  if (targets.length === 0) return 'validationErrorNoPrinterSelected';
  if (targets.some((target) => target.printerState !== 'READY_TO_PRINT')) {
    return 'validationErrorNotAllPrintersReady';
  }
  if (targets.some((target) => hasWrongFilament(target, fileFilament))) {
    return 'validationErrorNotAllPrintersCorrectFilament';
  }
  return null;
}

/** The hints beside a printer in the dialog: not ready, filament does not match the file. */
export function getPrinterHints(
  target: PrintTarget,
  fileFilament: FilamentType | null | undefined,
): PrinterHint[] {
  const hints: PrinterHint[] = [];
  if (target.printerState !== 'READY_TO_PRINT') hints.push('notReady');
  if (fileFilament !== undefined && hasWrongFilament(target, fileFilament)) {
    hints.push('filamentMismatch');
  }
  return hints;
}

/** Choosing a printer: single mode replaces the choice, multiple mode toggles it. */
export function togglePrinter(
  selected: readonly number[],
  printerId: number,
  isMultiple: boolean,
): number[] {
  const isSelected = selected.includes(printerId);
  if (!isMultiple) return isSelected ? [] : [printerId];
  return isSelected ? selected.filter((id) => id !== printerId) : [...selected, printerId];
}

/** Leaving multiple mode keeps only the first choice. */
export function toSingleSelection(selected: readonly number[]): number[] {
  return selected.slice(0, 1);
}
