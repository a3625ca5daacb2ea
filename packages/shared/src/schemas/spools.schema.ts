import { z } from 'zod';
import { IdParamSchema } from './common.schema.js';

/** Issue 26: the materials a spool may hold (Spoolman's own `material` is free text). */
export const SPOOL_MATERIALS = ['PLA', 'PETG', 'ASA', 'ABS', 'TPU', 'PA', 'PC', 'OTHER'] as const;
export type SpoolMaterial = (typeof SPOOL_MATERIALS)[number];
export const SpoolMaterialSchema = z.enum(SPOOL_MATERIALS, {
  error: `Unknown material: one of ${SPOOL_MATERIALS.join(', ')}.`,
});

/** Filament diameters that exist; anything else is a typo. */
export const SPOOL_DIAMETERS_MM = [1.75, 2.85, 3] as const;

export const SPOOL_LIMITS = {
  /** the heaviest spool sold is 10 kg; more is a typo (grams for kilograms) */
  weightMaxG: 20_000,
  costPerKgMax: 10_000,
  textMax: 100,
  notesMax: 2000,
  /** bulk-add makes at most this many identical spools at once */
  bulkMax: 100,
  pageSizeDefault: 50,
  pageSizeMax: 200,
} as const;

/** The default "running low" threshold of a new spool, grams. */
export const SPOOL_LOW_DEFAULT_G = 100;

const CONTROL_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const plainText = (max: number) =>
  z
    .string()
    .transform((value) => value.normalize('NFC').replace(CONTROL_CHARACTERS, '').trim())
    .pipe(z.string().max(max));

const grams = (field: string) =>
  z
    .number({ error: `${field} must be a number of grams.` })
    .finite()
    .min(0, `${field} cannot be negative.`)
    .max(SPOOL_LIMITS.weightMaxG, `${field} above ${SPOOL_LIMITS.weightMaxG} g is not a spool.`);

export const ColorHexSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #RRGGBB.')
  .transform((value) => value.toLowerCase());

/** What a person types for a spool: the fields of issue 26. */
const SpoolFieldsSchema = z.strictObject({
  material: SpoolMaterialSchema,
  color_hex: ColorHexSchema,
  color_name: plainText(SPOOL_LIMITS.textMax),
  brand: plainText(SPOOL_LIMITS.textMax),
  diameter_mm: z.union(
    SPOOL_DIAMETERS_MM.map((d) => z.literal(d)),
    {
      error: `Diameter is one of ${SPOOL_DIAMETERS_MM.join(', ')} mm.`,
    },
  ),
  initial_weight_g: grams('Initial weight').refine((g) => g > 0, 'Initial weight must be above 0.'),
  remaining_weight_g: grams('Remaining weight'),
  cost_per_kg: z
    .number()
    .finite()
    .min(0, 'Cost cannot be negative.')
    .max(SPOOL_LIMITS.costPerKgMax)
    .nullable(),
  location: plainText(SPOOL_LIMITS.textMax),
  notes: plainText(SPOOL_LIMITS.notesMax),
  low_threshold_g: grams('Low threshold'),
});

const remainingWithinInitial = (spool: {
  initial_weight_g?: number;
  remaining_weight_g?: number;
}) =>
  spool.initial_weight_g === undefined ||
  spool.remaining_weight_g === undefined ||
  spool.remaining_weight_g <= spool.initial_weight_g;
const REMAINING_ABOVE_INITIAL = {
  message: 'Remaining weight cannot exceed the initial weight.',
  path: ['remaining_weight_g'],
};

export const SpoolCreateSchema = SpoolFieldsSchema.extend({
  color_name: SpoolFieldsSchema.shape.color_name.default(''),
  brand: SpoolFieldsSchema.shape.brand.default(''),
  diameter_mm: SpoolFieldsSchema.shape.diameter_mm.default(1.75),
  remaining_weight_g: SpoolFieldsSchema.shape.remaining_weight_g.optional(),
  cost_per_kg: SpoolFieldsSchema.shape.cost_per_kg.default(null),
  location: SpoolFieldsSchema.shape.location.default(''),
  notes: SpoolFieldsSchema.shape.notes.default(''),
  low_threshold_g: SpoolFieldsSchema.shape.low_threshold_g.default(SPOOL_LOW_DEFAULT_G),
  /** bulk-add: this many identical spools */
  quantity: z
    .number()
    .int('Quantity is a whole number.')
    .min(1, 'Quantity is at least 1.')
    .max(SPOOL_LIMITS.bulkMax, `At most ${SPOOL_LIMITS.bulkMax} spools at once.`)
    .default(1),
}).refine(remainingWithinInitial, REMAINING_ABOVE_INITIAL);
export type SpoolCreate = z.infer<typeof SpoolCreateSchema>;

export const SpoolUpdateSchema = SpoolFieldsSchema.extend({ is_archived: z.boolean() })
  .partial()
  .refine(remainingWithinInitial, REMAINING_ABOVE_INITIAL);
export type SpoolUpdate = z.infer<typeof SpoolUpdateSchema>;

/** Where a spool is loaded, when it is. */
export const SpoolLoadedOnSchema = z.object({
  printer_id: z.number().int(),
  printer_name: z.string(),
  tool: z.number().int(),
});

export const SpoolSchema = z.object({
  id: z.number().int(),
  material: SpoolMaterialSchema,
  color_hex: z.string(),
  color_name: z.string(),
  brand: z.string(),
  diameter_mm: z.number(),
  initial_weight_g: z.number(),
  remaining_weight_g: z.number(),
  cost_per_kg: z.number().nullable(),
  location: z.string(),
  notes: z.string(),
  low_threshold_g: z.number(),
  is_archived: z.boolean(),
  is_low: z.boolean(),
  loaded_on: SpoolLoadedOnSchema.nullable(),
  /** the Spoolman spool this one mirrors; null for a spool of the built-in inventory */
  spoolman_id: z.number().int().nullable(),
  created_on: z.string(),
  updated_on: z.string(),
});
export type Spool = z.infer<typeof SpoolSchema>;

export const SpoolListQuerySchema = z.strictObject({
  search: plainText(SPOOL_LIMITS.textMax).optional(),
  material: SpoolMaterialSchema.optional(),
  /** active (default), archived, or all */
  archived: z.enum(['active', 'archived', 'all']).default('active'),
  is_low: z.enum(['true', 'false']).optional(),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(SPOOL_LIMITS.pageSizeMax)
    .default(SPOOL_LIMITS.pageSizeDefault),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Not a cursor.')
    .transform(Number)
    .optional(),
});
export type SpoolListQuery = z.infer<typeof SpoolListQuerySchema>;

export const SpoolPageSchema = z.object({
  results: z.array(SpoolSchema),
  count: z.number().int(),
  next: z.string().nullable(),
});
export type SpoolPage = z.infer<typeof SpoolPageSchema>;

export const SpoolParamsSchema = z.strictObject({ g: IdParamSchema, id: IdParamSchema });

/** Tools a printer may have loaded: extruders, or a Bambu printer's AMS trays (4 × 4). */
export const PRINTER_TOOLS_MAX = 16;

/** The spool on one tool of a printer. */
export const PrinterSpoolSchema = z.object({
  printer_id: z.number().int(),
  tool: z.number().int(),
  loaded_on: z.string(),
  spool: SpoolSchema,
});
export type PrinterSpool = z.infer<typeof PrinterSpoolSchema>;

export const PrinterSpoolLoadSchema = z.strictObject({
  spool_id: z.number({ error: 'Choose a spool.' }).int().positive(),
});

export const PrinterToolParamsSchema = z.strictObject({
  id: IdParamSchema,
  tool: z
    .string()
    .regex(/^[0-9]{1,2}$/, 'A tool is a number from 0.')
    .transform(Number)
    .pipe(
      z.number().max(PRINTER_TOOLS_MAX - 1, `A printer has at most ${PRINTER_TOOLS_MAX} tools.`),
    ),
});
