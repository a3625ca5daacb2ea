import { z } from 'zod';
import { IdParamSchema } from './common.schema.js';

/** One record per user and workspace (spec part 2 §2.11, §3 "Notification settings"). */
export const NotificationSettingsSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  telegram: z.object({
    enabled: z.boolean(),
    printjob_video_failure_alert: z.boolean(),
    printjob_event_done: z.boolean(),
  }),
  email: z.object({
    enabled: z.boolean(),
    printjob_video_failure_alert: z.boolean(),
  }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsQuerySchema = z.strictObject({ group_id: IdParamSchema });

export const NotificationSettingsUpdateSchema = z
  .strictObject({
    telegram: z
      .strictObject({
        enabled: z.boolean(),
        printjob_video_failure_alert: z.boolean(),
        printjob_event_done: z.boolean(),
      })
      .partial(),
    email: z
      .strictObject({ enabled: z.boolean(), printjob_video_failure_alert: z.boolean() })
      .partial(),
  })
  .partial();
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdateSchema>;

/**
 * POST …/send-test-notification/: each enabled channel is really tried now, and says whether
 * the message went: Telegram and e-mail per the workspace's settings, push to every browser
 * the member opted in.
 */
export const TestNotificationResultSchema = z.object({
  email: z.enum(['sent', 'failed', 'disabled']),
  telegram: z.enum(['sent', 'failed', 'not_linked', 'not_configured', 'disabled']),
  push: z.enum(['sent', 'failed', 'not_subscribed']),
  message: z.string(),
});
export type TestNotificationResult = z.infer<typeof TestNotificationResultSchema>;
