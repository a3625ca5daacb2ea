import { findBambuModelName, SlicedForSchema, type Gcode, type SlicedFor } from '@printdeck/shared';
import type { FileWithUploader, FilesRepository, PreviewRow } from './files.repository.js';

type LabelOfFile = { file_id: number; id: number; name: string };

function groupByFile<T extends { file_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.file_id, [...(groups.get(row.file_id) ?? []), row]);
  return groups;
}

/** The stored `slice_info` JSON with the model's name; null when absent or not readable. */
function toSlicedFor(text: string | null): SlicedFor | null {
  if (!text) return null;
  const stored = SlicedForSchema.omit({ printer_model: true }).safeParse(JSON.parse(text));
  if (!stored.success) return null;
  return { ...stored.data, printer_model: findBambuModelName(stored.data.printer_model_id) };
}

function toGcode(row: FileWithUploader, labels: LabelOfFile[], previews: PreviewRow[]): Gcode {
  return {
    id: row.id,
    // one stored file per G-code: the spec's file_id is the same id
    file_id: row.id,
    name: row.name,
    note: row.note,
    size: row.size,
    sha256: row.sha256,
    format: row.format,
    plates: row.plates ? (JSON.parse(row.plates) as number[]) : null,
    sliced_for: toSlicedFor(row.slice_info),
    is_public: row.is_public === 1,
    filament_type: row.filament_type,
    filament_color: row.filament_color,
    uploadedBy: row.uploaded_by ?? '',
    uploadedById: row.uploaded_by_id,
    uploadedOn: row.uploaded_on,
    previewImages: previews.map((preview) => ({
      id: preview.id,
      is_primary: preview.position === 0,
      width: preview.width,
      height: preview.height,
    })),
    fileLabels: labels.map(({ id, name }) => ({ id, name })),
    printing_time_sec: row.printing_time_sec,
    layer_height_mm: row.layer_height_mm,
    filament_used_mm: row.filament_used_mm,
    filament_used_g: row.filament_used_g,
    nozzle_diameter_mm: row.nozzle_diameter_mm,
    slicer: row.slicer,
  };
}

/** Rows to the API's Gcode shape, with each file's labels and previews in two queries per page. */
export function createGcodePresenter(files: FilesRepository) {
  async function toGcodes(rows: FileWithUploader[]): Promise<Gcode[]> {
    const ids = rows.map((row) => row.id);
    const [labels, previews] = await Promise.all([
      files.findLabelsOfFiles(ids),
      files.findPreviewsOfFiles(ids),
    ]);
    const labelsByFile = groupByFile(labels);
    const previewsByFile = groupByFile(previews);
    return rows.map((row) =>
      toGcode(row, labelsByFile.get(row.id) ?? [], previewsByFile.get(row.id) ?? []),
    );
  }

  return {
    toGcodes,
    async toGcode(row: FileWithUploader): Promise<Gcode> {
      const [gcode] = await toGcodes([row]);
      return gcode!;
    },
  };
}

export type GcodePresenter = ReturnType<typeof createGcodePresenter>;
