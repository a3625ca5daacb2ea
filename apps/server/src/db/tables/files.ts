import type { Generated } from 'kysely';
import type { FilamentColor, FilamentType, PrintFileFormat } from '@printdeck/shared';

/** Files: the stored G-code, its previews and labels. */

/** A G-code file: bytes in the file store under storage_key, metadata read at upload. */
export interface FilesTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  search_name: string;
  note: string;
  size: number;
  sha256: string;
  format: PrintFileFormat;
  storage_key: string;
  is_public: number;
  filament_type: FilamentType | null;
  filament_color: FilamentColor | null;
  uploaded_by_id: number | null;
  uploaded_on: string;
  slicer: string | null;
  printing_time_sec: number | null;
  layer_height_mm: number | null;
  filament_used_mm: number | null;
  filament_used_g: number | null;
  nozzle_diameter_mm: number | null;
  /** grams per extruder, a JSON array (tool 0 first); null when the file did not say */
  filament_used_g_per_tool: Generated<string | null>;
  /** a `.gcode.3mf`'s sliced plate numbers, a JSON array; null for other formats */
  plates: Generated<string | null>;
  /**
   * a `.gcode.3mf`'s `slice_info.config` of its first plate, JSON `{ printer_model_id,
   * filaments }`; null for other formats
   */
  slice_info: Generated<string | null>;
}

/** A thumbnail taken from a file; position 0 is the primary (largest) one. */
export interface FilePreviewsTable {
  id: Generated<number>;
  file_id: number;
  position: number;
  width: number;
  height: number;
  format: 'png' | 'jpg';
  storage_key: string;
}

export interface FileLabelsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  parent_id: number | null;
  created_on: string;
}

export interface FileLabelAssignmentsTable {
  file_id: number;
  label_id: number;
}

/** The tables above, by their names in the database. */
export interface FileTables {
  files: FilesTable;
  file_previews: FilePreviewsTable;
  file_labels: FileLabelsTable;
  file_label_assignments: FileLabelAssignmentsTable;
}
