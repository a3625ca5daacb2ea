import type { Generated } from 'kysely';

/** Messages: Telegram linking, browser push subscriptions and the notification outbox. */

export interface TelegramLinksTable {
  user_id: number;
  chat_id: string;
  telegram_username: string | null;
  linked_on: string;
}

export interface TelegramLinkCodesTable {
  code_hash: string;
  user_id: number;
  created_on: string;
  expires_on: string;
  used_on: string | null;
}

export interface TelegramLoginUsesTable {
  payload_hash: string;
  used_on: string;
}

export interface TelegramBotStateTable {
  name: string;
  value: string;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_on: string;
}

export type NotificationChannel = 'telegram' | 'email' | 'push';

export type NotificationKind =
  'print_done' | 'print_failed' | 'video_failed' | 'spool_low' | 'maintenance_due' | 'test';

export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

/** A message waiting to go out, or what became of it. */
export interface NotificationOutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  channel: NotificationChannel;
  kind: NotificationKind;
  user_id: number;
  workspace_id: number | null;
  push_subscription_id: number | null;
  /** what Telegram's per-chat limit counts: the chat id; the user id on other channels */
  rate_key: string;
  /** JSON: what the message says (printer, file, outcome …), rendered at send time */
  payload: string;
  state: OutboxState;
  attempts: number;
  next_attempt_on: string;
  claimed_until: string | null;
  last_error: string | null;
  created_on: string;
  sent_on: string | null;
}

/** The tables above, by their names in the database. */
export interface MessagingTables {
  telegram_links: TelegramLinksTable;
  telegram_link_codes: TelegramLinkCodesTable;
  telegram_login_uses: TelegramLoginUsesTable;
  telegram_bot_state: TelegramBotStateTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_outbox: NotificationOutboxTable;
}
