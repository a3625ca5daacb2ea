import type { FilamentType } from './schemas/files.schema.js';

/**
 * Spec part 1 §5, rule 3: a printer with a filament type set takes only G-codes of that type.
 * One rule for every way a print starts: the print dialog, the API, the print queue's
 * "Print now", the jobox auto-start and dispatch.
 */
export function isFilamentWrongFor(
  printerFilament: FilamentType | null,
  fileFilament: FilamentType | null,
): boolean {
  return printerFilament !== null && printerFilament !== fileFilament;
}

export const WRONG_FILAMENT_MESSAGE =
  'Not all selected printers have loaded the correct filament type.';
