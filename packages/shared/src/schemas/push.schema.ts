import { z } from 'zod';

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url.');

/** A browser's PushSubscription as `JSON.stringify(subscription)` gives it. */
export const PushSubscriptionCreateSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionCreate = z.infer<typeof PushSubscriptionCreateSchema>;

export const PushSubscriptionDeleteSchema = z.strictObject({
  endpoint: z.string().min(1).max(2048),
});

/** GET /push/: the server's VAPID public key, for `pushManager.subscribe`. */
export const PushConfigSchema = z.object({ public_key: z.string() });
export type PushConfig = z.infer<typeof PushConfigSchema>;
