import { z } from 'zod';
import { CalendarDateSchema } from './stats.schema.js';

export const STATS_BUCKETS = ['day', 'week'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];

/** Without a bucket: days for a range up to this many days, weeks beyond. */
export const STATS_DAY_BUCKETS_MAX = 62;

export const WorkspaceStatsChartsQuerySchema = z.strictObject({
  date_from: CalendarDateSchema.optional(),
  date_to: CalendarDateSchema.optional(),
  bucket: z.enum(STATS_BUCKETS).optional(),
});
export type WorkspaceStatsChartsQuery = z.infer<typeof WorkspaceStatsChartsQuerySchema>;

/** One day, or one week starting on Monday (UTC), of the range. */
export const StatsPeriodSchema = z.object({
  /** YYYY-MM-DD of its first day (a week may begin before the range) */
  start: z.string(),
  done: z.number().int(),
  cancelled: z.number().int(),
  failed: z.number().int(),
  /** still printing, or its end unknown */
  other: z.number().int(),
  filament_used_g: z.number(),
  filament_used_mm: z.number(),
});
export type StatsPeriod = z.infer<typeof StatsPeriodSchema>;

export const StatsPrinterSchema = z.object({
  /** null when the printer was deleted since */
  printer_id: z.number().int().nullable(),
  printer_name: z.string(),
  jobs: z.number().int(),
  printing_time_sec: z.number(),
  /** the cost of its ended jobs (issue 26), in the workspace's currency; 0 without prices */
  cost: z.number(),
});
export type StatsPrinter = z.infer<typeof StatsPrinterSchema>;

/** The statistics page's charts: the same jobs and rules as the figures, spread out. */
export const WorkspaceStatsChartsSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  bucket: z.enum(STATS_BUCKETS),
  /** ISO 4217 code the printers' cost is in; null when the workspace set none */
  currency: z.string().nullable(),
  periods: z.array(StatsPeriodSchema),
  /** most printing time first */
  printers: z.array(StatsPrinterSchema),
});
export type WorkspaceStatsCharts = z.infer<typeof WorkspaceStatsChartsSchema>;
