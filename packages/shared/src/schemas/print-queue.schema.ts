import { z } from 'zod';
import { FilamentTypeSchema, PreviewImageSchema } from './files.schema.js';
import { ColorHexSchema, SpoolMaterialSchema } from './spools.schema.js';
import { PRINT_JOB_OUTCOMES, VideoStateSchema } from './print-jobs.schema.js';

/** Spec part 2 §4.1: Queue, Completed and Archive. */
export const PRINT_QUEUE_STATES = ['TO_BE_PRINTED', 'PRINTED', 'DONE'] as const;
export type PrintQueueState = (typeof PRINT_QUEUE_STATES)[number];
export const PrintQueueStateSchema = z.enum(PRINT_QUEUE_STATES);

/** The four boxes of the print queue page (spec part 2 §2.7). */
export const PRINT_QUEUE_BOXES = ['queue', 'printing', 'printed', 'archive'] as const;
export type PrintQueueBox = (typeof PRINT_QUEUE_BOXES)[number];

/** Who started an item: a person, the jobox auto-start, or dispatch to a free printer. */
export const PRINT_QUEUE_STARTERS = ['manual', 'jobox', 'dispatch'] as const;

/** The newest archived items GET answers unless asked for more. */
export const PRINT_QUEUE_ARCHIVE_DEFAULT = 50;
export const PRINT_QUEUE_ARCHIVE_MAX = 500;
export const PRINT_QUEUE_REORDER_MAX = 5000;
/** Copies queued by one request (issue 26): a farm's batch, not a typo of a thousand. */
export const PRINT_QUEUE_COPIES_MAX = 200;
/** The queued items GET answers unless asked for more: the Queue box pages (issue 31). */
export const PRINT_QUEUE_PAGE_DEFAULT = 100;
export const PRINT_QUEUE_PAGE_MAX = 1000;
/** The printed items GET answers unless asked for more: the Printed box pages too (issue 31). */
export const PRINT_QUEUE_PRINTED_DEFAULT = 50;
/** Archived items are counted up to this many: the archive grows with the farm's whole history. */
export const PRINT_QUEUE_ARCHIVE_COUNT_CAP = 1000;

/** The job an item printed, as the boxes need it. */
const QueueJobSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(PRINT_JOB_OUTCOMES),
  ended_on: z.string().nullable(),
  video_state: VideoStateSchema,
});
export type PrintQueueJob = z.infer<typeof QueueJobSchema>;

/**
 * Which box an item shows in. Printing holds PRINTED items whose job still runs or whose video
 * is still being made (RECORDING, ANALYZING, or null while it has none yet); a job without a
 * video moves to Printed when it ends, not before (ARCHITECTURE §6).
 */
export function getPrintQueueBox(item: {
  state: PrintQueueState;
  print_job: PrintQueueJob | null;
}): PrintQueueBox {
  if (item.state === 'TO_BE_PRINTED') return 'queue';
  if (item.state === 'DONE') return 'archive';
  const job = item.print_job;
  if (!job) return 'printed';
  const isRunning = job.ended_on === null;
  const isVideoPending =
    job.video_state === null || job.video_state === 'RECORDING' || job.video_state === 'ANALYZING';
  return isRunning || isVideoPending ? 'printing' : 'printed';
}

/** What an item requires of the spool loaded on its printer (issue 26); null fields are "any". */
export const FilamentRequirementSchema = z.object({
  material: SpoolMaterialSchema.nullable(),
  color_hex: z.string().nullable(),
});

/**
 * Why an item without a printer waits while dispatch is on ("no free PETG printer"):
 * `no_loaded_spool` when printers take its type but none has a spool of it loaded with enough left;
 * `no_required_spool` when none has the material and colour the item requires loaded;
 * `waiting_power` while the staggered start holds automatic starts back.
 */
export const PrintQueueWaitingSchema = z.object({
  code: z.enum([
    'no_free_printer',
    'no_loaded_spool',
    'no_required_spool',
    'no_compatible_printer',
    'waiting_power',
  ]),
  filament_type: FilamentTypeSchema.nullable(),
  /** the item's requirement, for "needs PETG black" */
  required: FilamentRequirementSchema.nullable(),
});
export type PrintQueueWaiting = z.infer<typeof PrintQueueWaitingSchema>;

/** Spec part 2 §3 "Print queue item", plus what the product shows beyond it. */
export const PrintQueueItemSchema = z.object({
  id: z.number().int(),
  state: PrintQueueStateSchema,
  box: z.enum(PRINT_QUEUE_BOXES),
  position: z.number().int(),
  file: z.object({
    id: z.number().int(),
    name: z.string(),
    filament_type: FilamentTypeSchema.nullable(),
    previewImages: z.array(PreviewImageSchema),
  }),
  printer: z
    .object({
      id: z.number().int(),
      name: z.string(),
      jobox_enabled: z.boolean(),
      enabled: z.boolean(),
    })
    .nullable(),
  print_job: QueueJobSchema.nullable(),
  jobox_autostart: z.boolean(),
  make_video: z.boolean(),
  added_on: z.string(),
  added_by: z.object({ username: z.string() }),
  printed_on: z.string().nullable(),
  done_on: z.string().nullable(),
  /** who started it; `jobox` and `dispatch` are the record of an automatic start */
  started_by: z.enum(PRINT_QUEUE_STARTERS).nullable(),
  is_starting: z.boolean(),
  /** the last start that did not happen, kept until the item starts */
  start_problem: z.object({ message: z.string(), on: z.string(), is_held: z.boolean() }).nullable(),
  waiting: PrintQueueWaitingSchema.nullable(),
  /** the material and colour the loaded spool must have; null: any spool the file fits */
  required_filament: FilamentRequirementSchema.nullable(),
  /** one of N copies queued together: its number, N, and how many of them printed to the end */
  copies: z
    .object({
      group_id: z.number().int(),
      index: z.number().int(),
      count: z.number().int(),
      done: z.number().int(),
    })
    .nullable(),
});
export type PrintQueueItem = z.infer<typeof PrintQueueItemSchema>;

export const PrintQueueListSchema = z.object({
  results: z.array(PrintQueueItemSchema),
  /** all queued items; `results` holds one page of them in queue order */
  queue_count: z.number().int(),
  /** `queue_after` for the next page of queued items, null after the last */
  queue_next: z.string().nullable(),
  /** all printed items (the Printing and Printed boxes); `results` holds one page of them */
  printed_count: z.number().int(),
  /** `printed_after` for the next page of printed items, null after the last */
  printed_next: z.string().nullable(),
  /** archived items, counted up to PRINT_QUEUE_ARCHIVE_COUNT_CAP; `results` holds the newest */
  archive_count: z.number().int(),
  /** there are more archived items than `archive_count` says (the count stopped at its cap) */
  archive_count_is_capped: z.boolean(),
});
export type PrintQueueList = z.infer<typeof PrintQueueListSchema>;

/** A place in the queue order, "position.id": a keyset, so added items never shift a page. */
export const PrintQueueCursorSchema = z
  .string()
  .regex(/^-?\d{1,15}\.\d{1,15}$/, 'A queue_next value from an earlier answer.');

export const PrintQueueListQuerySchema = z
  .strictObject({
    /** queued items per page, in queue order */
    queue_limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PRINT_QUEUE_PAGE_MAX)
      .default(PRINT_QUEUE_PAGE_DEFAULT),
    /** the queued items after this place; the printing, printed and archived ones only without it */
    queue_after: PrintQueueCursorSchema.optional(),
    /** printed items (PRINTED, in queue order) per page */
    printed_limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PRINT_QUEUE_PAGE_MAX)
      .default(PRINT_QUEUE_PRINTED_DEFAULT),
    /** only the printed items after this place (a `printed_next` value) */
    printed_after: PrintQueueCursorSchema.optional(),
    archive_limit: z.coerce
      .number()
      .int()
      .min(0)
      .max(PRINT_QUEUE_ARCHIVE_MAX)
      .default(PRINT_QUEUE_ARCHIVE_DEFAULT),
  })
  .refine((query) => query.queue_after === undefined || query.printed_after === undefined, {
    path: ['printed_after'],
    error: 'Page either the queued items (queue_after) or the printed ones, not both.',
  });
export type PrintQueueListQuery = z.infer<typeof PrintQueueListQuerySchema>;

const idSchema = z.number().int().positive();

/** POST /groups/{id}/print-queue/ (spec part 2 §7.5): new items are always TO_BE_PRINTED. */
export const PrintQueueItemCreateSchema = z.strictObject({
  file: idSchema,
  state: z.literal('TO_BE_PRINTED').default('TO_BE_PRINTED'),
  printer: idSchema.nullable().default(null),
  jobox_autostart: z.boolean().default(false),
  make_video: z.boolean().default(false),
  /** issue 26: queue this many copies at once; without a printer they spread over free ones */
  copies: z
    .number()
    .int('Copies is a whole number.')
    .min(1, 'At least 1 copy.')
    .max(PRINT_QUEUE_COPIES_MAX, `At most ${PRINT_QUEUE_COPIES_MAX} copies at once.`)
    .default(1),
  /** issue 26: only a printer with a loaded spool of this material (null: any) takes it */
  required_material: SpoolMaterialSchema.nullable().default(null),
  /** …and of this colour, or one close to it (COLOR_MATCH_MAX_DELTA_E); null: any colour */
  required_color_hex: ColorHexSchema.nullable().default(null),
});
export type PrintQueueItemCreate = z.infer<typeof PrintQueueItemCreateSchema>;

/** PATCH /groups/{id}/print-queue/{id}/: `printer: null` clears the printer. */
export const PrintQueueItemUpdateSchema = z
  .strictObject({
    state: PrintQueueStateSchema,
    print_job: idSchema,
    printer: idSchema.nullable(),
    jobox_autostart: z.boolean(),
    make_video: z.boolean(),
  })
  .partial()
  .refine((body) => body.state !== 'PRINTED' || body.print_job !== undefined, {
    path: ['print_job'],
    error: 'A printed item needs its print job.',
  });
export type PrintQueueItemUpdate = z.infer<typeof PrintQueueItemUpdateSchema>;

/** POST /groups/{id}/print-queue/{id}/print/: start the item now, on its printer or this one. */
export const PrintQueueItemPrintSchema = z.strictObject({
  printer: idSchema.optional(),
  make_video: z.boolean().optional(),
});
export type PrintQueueItemPrint = z.infer<typeof PrintQueueItemPrintSchema>;

/** PUT /groups/{id}/print-queue/order/: the Queue box's items in their new order. */
export const PrintQueueOrderSchema = z.strictObject({
  ids: z.array(idSchema).min(1).max(PRINT_QUEUE_REORDER_MAX),
});
