import {
  canDriverPrintFormat,
  isFilamentWrongFor,
  type FilamentType,
  type PrinterState,
  type PrintFileFormat,
} from '@printdeck/shared';

/** What the dialog knows of a chosen printer. */
export interface PrintTarget {
  printerState: PrinterState;
  filamentType: FilamentType | null;
  /** the printer's kind (octoprint, moonraker, prusalink, bambu …); absent when not known */
  deviceType?: string;
}

/** A printer whose kind cannot take the file's format (issue 25: .gcode.3mf, .bgcode). */
const cannotPrintFormat = (target: PrintTarget, format: PrintFileFormat | undefined) =>
  format !== undefined &&
  target.deviceType !== undefined &&
  target.deviceType !== 'unknown' &&
  !canDriverPrintFormat(target.deviceType, format);

export type PrintValidationError =
  | 'validationErrorNoPrinterSelected'
  | 'validationErrorNotAllPrintersReady'
  | 'validationErrorNotAllPrintersCorrectFilament'
  | 'validationErrorFormat'
  | 'validationErrorFormatBgcode';

export type PrinterHint = 'notReady' | 'filamentMismatch' | 'cannotPrintFormat';

/** A printer with a filament type set must have the file's type (spec part 1 §5, rule 3). */
function hasWrongFilament(target: PrintTarget, fileFilament: FilamentType | null): boolean {
  return isFilamentWrongFor(target.filamentType, fileFilament);
}

/** The print dialog's checks, in the spec's order (part 1 §5); null when it may print. */
export function validatePrint(
  targets: readonly PrintTarget[],
  fileFilament: FilamentType | null,
  format?: PrintFileFormat,
): PrintValidationError | null {
  if (targets.length === 0) return 'validationErrorNoPrinterSelected';
  if (targets.some((target) => cannotPrintFormat(target, format))) {
    return format === 'bgcode' ? 'validationErrorFormatBgcode' : 'validationErrorFormat';
  }
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
  format?: PrintFileFormat,
): PrinterHint[] {
  const hints: PrinterHint[] = [];
  if (cannotPrintFormat(target, format)) hints.push('cannotPrintFormat');
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
