import { z } from 'zod';
import { eventListSchema, HttpUrlSchema } from './common.schema.js';

/** A member's own chat channels besides e-mail, Telegram and push (issue 28). */
export const CHAT_CHANNEL_KINDS = ['ntfy', 'discord', 'slack'] as const;
export type ChatChannelKind = (typeof CHAT_CHANNEL_KINDS)[number];

/** What a chat channel may be told: the outbox's message kinds. */
export const CHAT_CHANNEL_EVENTS = [
  'print_done',
  'print_failed',
  'video_failed',
  'spool_low',
  'maintenance_due',
] as const;
export type ChatChannelEvent = (typeof CHAT_CHANNEL_EVENTS)[number];

/** ntfy's topic rule: letters, digits, `_` and `-`, at most 64 (docs.ntfy.sh/publish). */
const TopicSchema = z
  .string()
  .trim()
  .regex(/^[-_A-Za-z0-9]{1,64}$/, 'Letters, digits, - and _ only, at most 64.');

const EventsSchema = eventListSchema(CHAT_CHANNEL_EVENTS);

const NameSchema = z.string().trim().min(1, 'Enter a name.').max(100);

export const ChatChannelCreateSchema = z
  .strictObject({
    kind: z.enum(CHAT_CHANNEL_KINDS),
    name: NameSchema,
    /** ntfy: the server (https://ntfy.sh); Discord, Slack: the incoming webhook URL */
    url: HttpUrlSchema,
    topic: TopicSchema.optional(),
    /** ntfy: an access token (tk_…) for a protected topic */
    token: z.string().trim().min(1).max(200).optional(),
    events: EventsSchema,
    is_enabled: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'ntfy' && !value.topic) {
      ctx.addIssue({ code: 'custom', path: ['topic'], message: 'Enter the ntfy topic.' });
    }
    if (value.kind !== 'ntfy' && (value.topic !== undefined || value.token !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['topic'],
        message: 'Only ntfy has a topic and token.',
      });
    }
  });
export type ChatChannelCreate = z.infer<typeof ChatChannelCreateSchema>;

export const ChatChannelUpdateSchema = z
  .strictObject({
    name: NameSchema,
    url: HttpUrlSchema,
    topic: TopicSchema,
    /** null removes the token */
    token: z.string().trim().min(1).max(200).nullable(),
    events: EventsSchema,
    is_enabled: z.boolean(),
  })
  .partial();
export type ChatChannelUpdate = z.infer<typeof ChatChannelUpdateSchema>;

export const ChatChannelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHAT_CHANNEL_KINDS),
  name: z.string(),
  /** ntfy: the server URL; Discord, Slack: the URL with its secret part masked */
  url: z.string(),
  topic: z.string().nullable(),
  has_token: z.boolean(),
  events: z.array(z.enum(CHAT_CHANNEL_EVENTS)),
  is_enabled: z.boolean(),
  created_on: z.string(),
});
export type ChatChannel = z.infer<typeof ChatChannelSchema>;

export const ChatChannelListSchema = z.object({ results: z.array(ChatChannelSchema) });

/** "Send test": sent now, straight to the channel, with the service's answer when it refused. */
export const ChatChannelTestResultSchema = z.object({
  result: z.enum(['sent', 'failed']),
  message: z.string(),
});
export type ChatChannelTestResult = z.infer<typeof ChatChannelTestResultSchema>;

const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24 hours).');

const TimeZoneSchema = z
  .string()
  .min(1)
  .max(100)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

/**
 * A member's quiet hours and daily digest: messages wait until the quiet hours end (failures
 * may pierce them); with a digest hour, the day's messages come as one summary at that hour.
 */
export const NotificationPreferencesSchema = z.object({
  time_zone: z.string(),
  quiet_hours: z.object({ start: z.string(), end: z.string() }).nullable(),
  errors_pierce: z.boolean(),
  digest_hour: z.number().int().min(0).max(23).nullable(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesUpdateSchema = z
  .strictObject({
    time_zone: TimeZoneSchema,
    quiet_hours: z
      .strictObject({ start: TimeSchema, end: TimeSchema })
      .refine((value) => value.start !== value.end, {
        message: 'Start and end must differ.',
        path: ['end'],
      })
      .nullable(),
    errors_pierce: z.boolean(),
    digest_hour: z.number().int().min(0).max(23).nullable(),
  })
  .partial();
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;
