import { z } from 'zod';
import { IdParamSchema } from './common.schema.js';

/**
 * POST /device_keys/: `group` is the workspace the key is made in (its home); a key made
 * without one gets its home where its creator first adds it.
 */
export const DeviceKeyCreateSchema = z
  .strictObject({ group: z.number().int().positive().optional() })
  .default({});

export const DeviceKeyTokenSchema = z.object({ token: z.string() });

/** A device key as the admins of its home workspace see it (never the key itself). */
export const DeviceKeyInfoSchema = z.object({
  id: z.number().int(),
  /** the first part of the key, to tell keys apart */
  public_id: z.string(),
  created_on: z.string(),
  /** when an agent paired with it; null: waiting for its first agent */
  paired_on: z.string().nullable(),
  last_seen_on: z.string().nullable(),
  is_connected: z.boolean(),
  /** this workspace's printers on the key */
  printers: z.array(z.string()),
  /** other workspaces this key may be added in */
  shared_with: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DeviceKeyInfo = z.infer<typeof DeviceKeyInfoSchema>;

export const DeviceKeyParamsSchema = z.strictObject({ g: IdParamSchema, id: IdParamSchema });
export const DeviceKeyShareParamsSchema = z.strictObject({
  g: IdParamSchema,
  id: IdParamSchema,
  target: IdParamSchema,
});
export const DeviceKeyShareSchema = z.strictObject({ group: z.number().int().positive() });
