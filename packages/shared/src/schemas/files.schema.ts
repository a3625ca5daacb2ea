import { z } from 'zod';
import { FILAMENT_COLORS, FILAMENT_TYPES, LIMITS } from '../constants.js';
import { IdParamSchema, cappedPagedSchema } from './common.schema.js';
import { PRINT_FILE_FORMATS } from '../device/print-formats.js';

export const FilamentTypeSchema = z.enum(FILAMENT_TYPES);
export const FilamentColorSchema = z.enum(FILAMENT_COLORS);
export type FilamentType = z.infer<typeof FilamentTypeSchema>;
export type FilamentColor = z.infer<typeof FilamentColorSchema>;

export const FILE_NAME_MAX = 255;
export const LABEL_NAME_MAX = 100;
export const FILES_PAGE_SIZE_DEFAULT = 20;
export const FILES_PAGE_SIZE_MAX = 100;

/** The spec's UNCATEGORIZED filter value ("No label"). */
export const UNCATEGORIZED = 'UNCATEGORIZED';

/** A download link (GET …/download-link/) stays valid this long. */
export const FILE_DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

/** Control and bidirectional-override characters: never part of a name anyone reads. */
const CONTROL_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const withoutControls = (value: string) =>
  value.normalize('NFC').replace(CONTROL_CHARACTERS, '').trim();

/** A file's display name: control characters and path separators are dropped; empty is refused. */
export const GcodeNameSchema = z
  .string()
  .transform((value) => withoutControls(value.replace(/[/\\]/g, '')))
  .pipe(z.string().min(1, 'Name is required.').max(FILE_NAME_MAX));

export const GcodeNoteSchema = z.string().max(LIMITS.gcodeNoteMax);

const SYSTEM_FILE_NAMES = new Set(['thumbs.db', 'desktop.ini', '.ds_store']);

/** Spec part 2 §4.2: hidden or system files (Thumbs.db, desktop.ini, any dot-file) are not uploaded. */
export function isHiddenOrSystemFileName(name: string): boolean {
  return name.startsWith('.') || SYSTEM_FILE_NAMES.has(name.toLowerCase());
}

/** Spec part 2 §3 "File label": id, name, parent_id, parent, nestedCount, children_count. */
export const FileLabelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  parent: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('the parent label (null at the top of the tree)'),
  nestedCount: z
    .number()
    .int()
    .describe('how deep the label sits in the tree: 0 at the top, 1 under a top label, …'),
  children_count: z.number().int(),
});
export type FileLabel = z.infer<typeof FileLabelSchema>;

export const FileLabelCreateSchema = z.strictObject({
  name: z
    .string()
    .transform(withoutControls)
    .pipe(z.string().min(1, 'Label name is required.').max(LABEL_NAME_MAX)),
  parent_id: z.number().int().positive().nullable().optional(),
});
export type FileLabelCreate = z.infer<typeof FileLabelCreateSchema>;

export const FileLabelUpdateSchema = FileLabelCreateSchema.partial();
export type FileLabelUpdate = z.infer<typeof FileLabelUpdateSchema>;

export const PreviewImageSchema = z.object({
  id: z.number().int(),
  is_primary: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
});

/** One filament of a `.gcode.3mf`'s first plate, as the slicer wrote it (`slice_info.config`). */
export const SlicedFilamentSchema = z.object({
  /** 1-based project filament index */
  id: z.number().int().min(1),
  type: z.string().nullable(),
  /** `#RRGGBB` */
  color: z.string().nullable(),
  used_g: z.number().nullable(),
  used_m: z.number().nullable(),
});

/** What a `.gcode.3mf` was sliced for (issue 25): the printer model and its filaments. */
export const SlicedForSchema = z.object({
  /** the slicer's model code, e.g. `C12` */
  printer_model_id: z.string().nullable(),
  /** the model's name, e.g. `Bambu Lab P1S`; null for a code Printdeck does not know */
  printer_model: z.string().nullable(),
  filaments: z.array(SlicedFilamentSchema),
});
export type SlicedFor = z.infer<typeof SlicedForSchema>;

/** A G-code file as the API shows it (spec part 2 §3 "Gcode / file"). */
export const GcodeSchema = z.object({
  id: z.number().int(),
  file_id: z.number().int(),
  name: z.string(),
  note: z.string(),
  size: z.number().int(),
  /** SHA-256 of the bytes, hex: computed while the upload streamed in. */
  sha256: z.string(),
  format: z.enum(PRINT_FILE_FORMATS),
  /** the plate numbers a `.gcode.3mf` holds sliced (`Metadata/plate_<N>.gcode`); null otherwise */
  plates: z.array(z.number().int().min(1)).nullable().optional(),
  /** a `.gcode.3mf`'s printer model and filaments from `slice_info.config`; null otherwise */
  sliced_for: SlicedForSchema.nullable().optional(),
  is_public: z.boolean(),
  filament_type: FilamentTypeSchema.nullable(),
  filament_color: FilamentColorSchema.nullable(),
  uploadedBy: z.string(),
  uploadedById: z.number().int().nullable(),
  uploadedOn: z.string(),
  previewImages: z.array(PreviewImageSchema),
  fileLabels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  printing_time_sec: z.number().nullable(),
  layer_height_mm: z.number().nullable(),
  filament_used_mm: z.number().nullable(),
  filament_used_g: z.number().nullable(),
  nozzle_diameter_mm: z.number().nullable(),
  slicer: z.string().nullable(),
});
export type Gcode = z.infer<typeof GcodeSchema>;

/** GET /groups/{g}/files/{id}/deletion-impact/: what a delete takes with it. */
export const GcodeDeletionImpactSchema = z.object({
  /** the print-queue items of the file (any state): they are deleted with it */
  queue_items: z.number().int(),
});
export type GcodeDeletionImpact = z.infer<typeof GcodeDeletionImpactSchema>;

export const GcodePageSchema = cappedPagedSchema(GcodeSchema);
export type GcodePage = z.infer<typeof GcodePageSchema>;

/**
 * How the files list is sorted: by upload date, name (case-insensitive) or size; a leading
 * "-" reads descending. The default is the newest first.
 */
export const GCODE_ORDERINGS = [
  '-uploaded_on',
  'uploaded_on',
  'name',
  '-name',
  '-size',
  'size',
] as const;
export type GcodeOrdering = (typeof GCODE_ORDERINGS)[number];
export const GCODE_ORDERING_DEFAULT: GcodeOrdering = '-uploaded_on';

/** GET /groups/{g}/files/: labels is a comma list of label ids or UNCATEGORIZED. */
export const GcodeListQuerySchema = z.strictObject({
  labels: z
    .string()
    .max(1000)
    .regex(
      /^(UNCATEGORIZED|[1-9][0-9]{0,14}(,[1-9][0-9]{0,14})*)$/,
      'Label ids separated by commas, or UNCATEGORIZED',
    )
    .optional(),
  noLabels: z.enum(['true', 'false']).optional(),
  search: z.string().max(LIMITS.searchTextMax).optional(),
  ordering: z
    .enum(GCODE_ORDERINGS, { error: `One of ${GCODE_ORDERINGS.join(', ')}.` })
    .default(GCODE_ORDERING_DEFAULT),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(FILES_PAGE_SIZE_MAX).default(FILES_PAGE_SIZE_DEFAULT),
});
export type GcodeListQuery = z.infer<typeof GcodeListQuerySchema>;

export const GcodeUpdateSchema = z
  .strictObject({
    name: GcodeNameSchema,
    note: GcodeNoteSchema,
    filament_type: z.union([FilamentTypeSchema, z.literal('').transform(() => null), z.null()]),
    filament_color: z.union([
      FilamentColorSchema,
      z.literal('NULL').transform(() => null),
      z.null(),
    ]),
    fileLabels: z.array(z.number().int().positive()).max(100),
  })
  .partial();
export type GcodeUpdate = z.infer<typeof GcodeUpdateSchema>;

/** The text fields of the multipart upload (POST /groups/{g}/files/), beside the `file` part. */
export const GcodeUploadFieldsSchema = z.strictObject({
  name: GcodeNameSchema.optional(),
  note: GcodeNoteSchema.optional(),
});
/** The whole upload form as the API documents it: the `file` part and the text fields. */
export const GcodeUploadFormSchema = GcodeUploadFieldsSchema.extend({ file: z.file() });

export const FileDownloadLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type FileDownloadLink = z.infer<typeof FileDownloadLinkSchema>;

export const WorkspaceParamsSchema = z.strictObject({ g: IdParamSchema });
export const WorkspaceFileParamsSchema = z.strictObject({ g: IdParamSchema, id: IdParamSchema });
export const FileLabelParamsSchema = WorkspaceFileParamsSchema;
export const PreviewImageParamsSchema = z.strictObject({
  id: IdParamSchema,
  imageId: IdParamSchema,
});
