import { z } from 'zod';
import { CalendarDateSchema } from './stats.schema.js';

/** How many users or files a breakdown answers at most (the busiest first). */
export const STATS_BREAKDOWN_LIMIT_MAX = 100;

const LimitSchema = z.coerce.number().int().min(1).max(STATS_BREAKDOWN_LIMIT_MAX).optional();

export const WorkspaceStatsUsersQuerySchema = z.strictObject({
  date_from: CalendarDateSchema.optional(),
  date_to: CalendarDateSchema.optional(),
  /** default 20 */
  limit: LimitSchema,
});
export type WorkspaceStatsUsersQuery = z.infer<typeof WorkspaceStatsUsersQuerySchema>;

export const WorkspaceStatsFilesQuerySchema = z.strictObject({
  /** default 20 */
  limit: LimitSchema,
});
export type WorkspaceStatsFilesQuery = z.infer<typeof WorkspaceStatsFilesQuerySchema>;

/** What ended jobs added up to: a finished job its estimates, another the share it covered. */
const EndedTotalsSchema = z.object({
  jobs: z.number().int(),
  done_jobs: z.number().int(),
  filament_used_g: z.number(),
  printing_time_sec: z.number(),
  cost: z.number(),
});

export const StatsUserSchema = EndedTotalsSchema.extend({
  /** null when the user was deleted since */
  user_id: z.number().int().nullable(),
  username: z.string(),
});

/** Ended jobs per user of the range's UTC days, most jobs first (running jobs not yet). */
export const WorkspaceStatsUsersSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  users: z.array(StatsUserSchema),
});
export type WorkspaceStatsUsers = z.infer<typeof WorkspaceStatsUsersSchema>;

export const StatsFileSchema = EndedTotalsSchema.extend({
  file_id: z.number().int(),
  file_name: z.string(),
  /** when its newest ended job started */
  last_started_on: z.string(),
});

/** The workspace's most printed files of all time (ended jobs), most jobs first. */
export const WorkspaceStatsFilesSchema = z.object({
  files: z.array(StatsFileSchema),
});
export type WorkspaceStatsFiles = z.infer<typeof WorkspaceStatsFilesSchema>;
