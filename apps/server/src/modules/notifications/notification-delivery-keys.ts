import { z } from 'zod';
import type { NotificationChannel } from '../../db/schema.js';

/** The job kind that delivers one outbox row by e-mail or push (jobs module, issue 27). */
export const NOTIFICATION_DELIVER = 'notification.deliver';
/** Telegram rows have a kind of their own: Telegram's limits hold them, not mail and push. */
export const NOTIFICATION_TELEGRAM = 'notification.telegram';

/** ntfy, Discord and Slack: a kind of their own, so a slow chat service holds no mail. */
export const NOTIFICATION_CHAT = 'notification.chat';

export const deliveryKindOf = (channel: NotificationChannel) =>
  channel === 'telegram'
    ? NOTIFICATION_TELEGRAM
    : channel === 'ntfy' || channel === 'discord' || channel === 'slack'
      ? NOTIFICATION_CHAT
      : NOTIFICATION_DELIVER;

export const deliverPayload = z.object({ key: z.string().min(1) });

/** The job key of an outbox row's delivery: one per row (the row's idempotency key). */
export const deliverKeyOf = (idempotencyKey: string) => `${NOTIFICATION_DELIVER}:${idempotencyKey}`;
