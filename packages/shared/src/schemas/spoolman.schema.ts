import { z } from 'zod';
import { HttpUrlSchema } from './common.schema.js';

/** Issue 26: a workspace's Spoolman server (its spools replace the built-in inventory). */
export const SpoolmanConnectSchema = z.strictObject({
  /** Spoolman's address, e.g. http://spoolman.lan:7912 (a path prefix of a reverse proxy may follow) */
  url: HttpUrlSchema,
  /** sent as `Authorization: Bearer …` (Spoolman has none; a reverse proxy in front may) */
  token: z.string().trim().max(500, 'Must be at most 500 characters.').nullable().default(null),
});
export type SpoolmanConnect = z.infer<typeof SpoolmanConnectSchema>;
export type SpoolmanConnectInput = z.input<typeof SpoolmanConnectSchema>;

export const SpoolmanConnectionSchema = z.object({
  url: z.string(),
  has_token: z.boolean(),
  /** the version Spoolman reported when connected */
  version: z.string(),
  connected_on: z.string(),
  synced_on: z.string().nullable(),
  /** why the last sync failed; null after a good one */
  sync_error: z.string().nullable(),
  /** usage of ended jobs not yet written to Spoolman (it was down), grams and rows */
  pending_usage_count: z.number().int(),
});

/** The workspace's connection, or null when it uses the built-in inventory. */
export const SpoolmanStatusSchema = z.object({
  connection: SpoolmanConnectionSchema.nullable(),
});
export type SpoolmanStatus = z.infer<typeof SpoolmanStatusSchema>;
