import { z } from 'zod';
import { FILAMENT_COLORS, FILAMENT_TYPES, LIMITS } from '../constants.js';
import { IdParamSchema, pagedSchema } from './common.schema.js';

export const FilamentTypeSchema = z.enum(FILAMENT_TYPES);
export const FilamentColorSchema = z.enum(FILAMENT_COLORS);

export const FILE_NAME_MAX = 255;
export const LABEL_NAME_MAX = 100;
export const FILES_PAGE_SIZE_DEFAULT = 20;
export const FILES_PAGE_SIZE_MAX = 100;

/** The spec's UNCATEGORIZED filter value ("No label"). */
export const UNCATEGORIZED = 'UNCATEGORIZED';

export const FileLabelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  children_count: z.number().int(),
});
export type FileLabel = z.infer<typeof FileLabelSchema>;

export const FileLabelCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'Label name is required.').max(LABEL_NAME_MAX),
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

/** A G-code file as the API shows it (spec part 2 §3 "Gcode / file"). */
export const GcodeSchema = z.object({
  id: z.number().int(),
  file_id: z.number().int(),
  name: z.string(),
  note: z.string(),
  size: z.number().int(),
  format: z.enum(['gcode', 'bgcode']),
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

export const GcodePageSchema = pagedSchema(GcodeSchema);
export type GcodePage = z.infer<typeof GcodePageSchema>;

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
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FILES_PAGE_SIZE_MAX).default(FILES_PAGE_SIZE_DEFAULT),
});
export type GcodeListQuery = z.infer<typeof GcodeListQuerySchema>;

export const GcodeUpdateSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Name is required.').max(FILE_NAME_MAX),
    note: z.string().max(LIMITS.gcodeNoteMax),
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

export const FileDownloadLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type FileDownloadLink = z.infer<typeof FileDownloadLinkSchema>;

export const WorkspaceFileParamsSchema = z.strictObject({ g: IdParamSchema, id: IdParamSchema });
