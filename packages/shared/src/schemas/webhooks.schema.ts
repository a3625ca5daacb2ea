import { z } from 'zod';
import { eventListSchema, HttpUrlSchema } from './common.schema.js';

/** What a workspace's webhook may be told (issue 28). */
export const WEBHOOK_EVENTS = [
  'job.started',
  'job.finished',
  'job.failed',
  'job.cancelled',
  'printer.offline',
  'printer.error',
  'queue.item_done',
  'video.ready',
  'spool.low',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const EventsSchema = eventListSchema(WEBHOOK_EVENTS);

export const WebhookCreateSchema = z.strictObject({
  url: HttpUrlSchema,
  events: EventsSchema,
  is_enabled: z.boolean().optional(),
});
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>;

export const WebhookUpdateSchema = z.strictObject({
  url: HttpUrlSchema.optional(),
  events: EventsSchema.optional(),
  is_enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.infer<typeof WebhookUpdateSchema>;

export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  is_enabled: z.boolean(),
  created_on: z.string(),
  /** after a rotation: the previous secret still signs (a second v1=) until then */
  previous_secret_until: z.string().nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** Made once: the secret the receiver checks signatures with is shown only here. */
export const WebhookCreatedSchema = WebhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

/** How long the old secret keeps signing after a rotation: 1 hour to 7 days, 24 by default. */
export const WEBHOOK_ROTATION_GRACE_HOURS = { min: 1, max: 168, default: 24 } as const;

export const WebhookRotateSecretSchema = z.strictObject({
  grace_hours: z
    .number()
    .int()
    .min(WEBHOOK_ROTATION_GRACE_HOURS.min)
    .max(WEBHOOK_ROTATION_GRACE_HOURS.max)
    .optional(),
});
export type WebhookRotateSecret = z.infer<typeof WebhookRotateSecretSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event: z.string(),
  state: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_response: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  created_on: z.string(),
  attempted_on: z.string().nullable(),
  next_attempt_on: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookListSchema = z.object({ results: z.array(WebhookSchema) });
export const WebhookDeliveryListSchema = z.object({ results: z.array(WebhookDeliverySchema) });
