import { z } from 'zod';
import { IdParamSchema, cappedPagedSchema } from './common.schema.js';
import { SpoolMaterialSchema } from './spools.schema.js';

export const PRINT_JOB_OUTCOMES = ['printing', 'done', 'cancelled', 'failed', 'unknown'] as const;
/**
 * Why a job ended as it did, as a code the web app words in each language: Printdeck
 * reconciled what the printer reported, the printer dropped or replaced the job, never started
 * it, or was out of sight too long; or the printer gave its own words (`end_reason`).
 */
export const PRINT_JOB_END_REASONS = [
  'reconciled',
  'gone',
  'replaced',
  'never_started',
  'lost',
  'printer',
] as const;
export type PrintJobEndReason = (typeof PRINT_JOB_END_REASONS)[number];

/** ARCHITECTURE §6: null while the job runs without a video yet. */
export const VIDEO_STATES = ['RECORDING', 'ANALYZING', 'READY', 'FAILED', 'NOT_RECORDED'] as const;

/**
 * A print's video. The spec names RECORDING, ANALYZING and null; READY, FAILED and
 * NOT_RECORDED say what became of it after that (the API docs carry the same note).
 */
export const VideoStateSchema = z
  .enum(VIDEO_STATES)
  .nullable()
  .describe(
    'The spec names RECORDING, ANALYZING and null (no finished video yet). Printdeck keeps the ' +
      'video after that too: READY (made, see /videos/), FAILED (could not be made) and ' +
      'NOT_RECORDED (the print asked for none), so that a list need not read the videos to ' +
      'tell them apart.',
  );

/** POST /printers/{id}/files/ (spec part 2 §7.6). */
export const PrintStartSchema = z.strictObject({
  file_id: z.number().int().positive(),
  print: z.literal(true).default(true),
  make_video: z.boolean().default(false),
  /** the plate of a `.gcode.3mf` to print (1-based, as in `Metadata/plate_<N>.gcode`); 1 when left out */
  plate: z.number().int().min(1).max(9999).optional(),
});
export type PrintStart = z.infer<typeof PrintStartSchema>;

export const PrintStartResponseSchema = z.object({
  printjob_id: z.number().int(),
  /** `no_camera`: make_video was asked, but the printer's agent has no camera to record with */
  warnings: z.array(z.enum(['no_camera'])).optional(),
});
export type PrintStartResponse = z.infer<typeof PrintStartResponseSchema>;

/** What an ended job took from one spool (issue 26), grams after scaling by progress. */
export const PrintJobSpoolUsageSchema = z.object({
  spool_id: z.number().int(),
  tool: z.number().int(),
  grams: z.number(),
  material: SpoolMaterialSchema,
  color_name: z.string(),
  color_hex: z.string(),
  brand: z.string(),
});

/** A job's cost by part; a part is null when its price is not set (spool cost, power, rate). */
export const PrintJobCostSchema = z.object({
  filament: z.number().nullable(),
  energy: z.number().nullable(),
  machine: z.number().nullable(),
  total: z.number(),
  currency: z.string().nullable(),
});

export const PrintJobSchema = z.object({
  id: z.number().int(),
  file_id: z.number().int().nullable(),
  file_name: z.string(),
  file_exists: z.boolean(),
  printer_id: z.number().int().nullable(),
  printer_name: z.string(),
  printer_exists: z.boolean(),
  username: z.string(),
  started_on: z.string(),
  ended_on: z.string().nullable(),
  outcome: z.enum(PRINT_JOB_OUTCOMES),
  make_video: z.boolean(),
  video_state: VideoStateSchema,
  /** started on the printer itself (its own screen, another app), not through Printdeck */
  started_on_printer: z.boolean(),
  /** why the outcome is what it is, when the printer did not simply report it (in English) */
  end_reason: z.string().nullable(),
  /** the same as a code; `printer` when `end_reason` holds the printer's own words */
  end_reason_code: z.enum(PRINT_JOB_END_REASONS).nullable(),
  /** the filament taken from each loaded spool when the job ended, by tool */
  spool_usage: z.array(PrintJobSpoolUsageSchema),
  /** what the print cost (issue 26), set when it ended; null before or when nothing is priced */
  cost: PrintJobCostSchema.nullable(),
  /** energy the printer's meter measured from start to end, kWh (issue 26); null: no meter */
  energy_kwh: z.number().nullable(),
});
export type PrintJob = z.infer<typeof PrintJobSchema>;

export const PrintJobPageSchema = cappedPagedSchema(PrintJobSchema);

export const PrintJobListQuerySchema = z.strictObject({
  file_id: IdParamSchema.optional(),
  printer_id: IdParamSchema.optional(),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Malformed cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const LastPrintedFileSchema = z.object({
  file_id: z.number().int(),
  file_name: z.string(),
  last_printed_on: z.string(),
  printer_name: z.string(),
});
