import { z } from 'zod';

/** Statistics may cover at most this many days (about ten years). */
export const STATS_MAX_SPAN_DAYS = 3653;

/** A calendar day, YYYY-MM-DD, that exists. */
export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'Not a calendar date.');

/** Both ends are optional: the default is the last year up to today (spec part 2 §9). */
export const WorkspaceStatsQuerySchema = z.strictObject({
  date_from: CalendarDateSchema.optional(),
  date_to: CalendarDateSchema.optional(),
});
export type WorkspaceStatsQuery = z.infer<typeof WorkspaceStatsQuerySchema>;

/** Spec part 2 §3 "Workspace stats"; the days are inclusive and in UTC. */
export const WorkspaceStatsSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  printjobs_count: z.number().int(),
  printjobs_with_deleted_file_count: z.number().int(),
  printjobs_with_existing_file_count: z.number().int(),
  total_filament_used_g: z.number(),
  total_filament_used_mm: z.number(),
  total_printing_time_sec: z.number(),
  /** issue 26: the summed cost of the ended jobs of the range, in the workspace's currency */
  total_cost: z.number(),
  currency: z.string().nullable(),
});
export type WorkspaceStats = z.infer<typeof WorkspaceStatsSchema>;
