import type { FilamentType } from './schemas/files.schema.js';
import type { SpoolMaterial } from './schemas/spools.schema.js';

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

/** Issue 26: the file filament type each spool material prints (a file names no TPU or PA). */
export const FILAMENT_OF_SPOOL_MATERIAL: Record<SpoolMaterial, FilamentType> = {
  PLA: 'PLA',
  PETG: 'PETG',
  ASA: 'ASA',
  ABS: 'ABS',
  TPU: 'FLEX',
  PA: 'OTHER',
  PC: 'PC',
  OTHER: 'OTHER',
};

/** A spool loaded on one of a printer's tools, as the filament check needs it. */
export interface LoadedFilament {
  material: SpoolMaterial;
  remaining_weight_g: number;
}

export type LoadedFilamentProblem = 'wrong_material' | 'not_enough_left';

/**
 * Issue 26, the queue knows filament: a printer with spools loaded takes a file only when one
 * of them holds the file's material (a file that names none takes any) and has at least the
 * file's estimate left. A printer with nothing loaded answers by its filament type alone.
 */
export function findLoadedFilamentProblem(
  loaded: readonly LoadedFilament[],
  file: { filament_type: FilamentType | null; filament_used_g: number | null },
): LoadedFilamentProblem | null {
  if (loaded.length === 0) return null;
  const matching = loaded.filter(
    (spool) =>
      file.filament_type === null ||
      FILAMENT_OF_SPOOL_MATERIAL[spool.material] === file.filament_type,
  );
  if (matching.length === 0) return 'wrong_material';
  const needed = file.filament_used_g ?? 0;
  return matching.some((spool) => spool.remaining_weight_g >= needed) ? null : 'not_enough_left';
}

export const LOADED_FILAMENT_MESSAGES: Record<LoadedFilamentProblem, string> = {
  wrong_material: 'The spool loaded on the printer holds another material than the file needs.',
  not_enough_left: 'The spool loaded on the printer has less filament left than the file needs.',
};
