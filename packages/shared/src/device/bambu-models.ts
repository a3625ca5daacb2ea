/**
 * The slicer's Bambu Lab model codes (`printer_model_id` in a `.gcode.3mf`'s
 * `Metadata/slice_info.config`) and the `product_name` the printer gives in `info.get_version`
 * (reference bambu-prusalink-spoolman.md §1.14; BambuStudio `resources/printers/*.json`).
 */
export const BAMBU_MODEL_NAMES: Readonly<Record<string, string>> = {
  'BL-P001': 'Bambu Lab X1 Carbon',
  'BL-P002': 'Bambu Lab X1',
  C11: 'Bambu Lab P1P',
  C12: 'Bambu Lab P1S',
  C13: 'Bambu Lab X1E',
  N1: 'Bambu Lab A1 mini',
  N2S: 'Bambu Lab A1',
  N7: 'Bambu Lab P2S',
  O1D: 'Bambu Lab H2D',
  O1E: 'Bambu Lab H2D Pro',
  O1S: 'Bambu Lab H2S',
};

/** The printer's name for a slicer model code, or null for a code not in the table. */
export function findBambuModelName(modelId: string | null | undefined): string | null {
  return modelId && Object.hasOwn(BAMBU_MODEL_NAMES, modelId) ? BAMBU_MODEL_NAMES[modelId]! : null;
}
