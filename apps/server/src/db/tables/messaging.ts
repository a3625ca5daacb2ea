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

export type NotificationChannel = 'telegram' | 'email' | 'push' | ChatChannelKind;

/** A member's own chat channels (migration 0043): incoming-webhook style services. */
export type ChatChannelKind = 'ntfy' | 'discord' | 'slack';

export type NotificationKind =
  | 'print_done'
  | 'print_failed'
  | 'video_failed'
  | 'spool_low'
  | 'maintenance_due'
  | 'test'
  | 'digest';

/** `held`: waiting for the member's daily digest; `digested`: told in one. */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed' | 'held' | 'digested';

/** A message waiting to go out, or what became of it. */
export interface NotificationOutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  channel: NotificationChannel;
  kind: NotificationKind;
  user_id: number;
  workspace_id: number | null;
  push_subscription_id: number | null;
  /** the member's ntfy, Discord or Slack channel record the row goes to */
  notification_channel_id: Generated<number | null>;
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

/** One of a member's ntfy, Discord or Slack channels; `events` is a JSON array of kinds. */
export interface NotificationChannelsTable {
  id: Generated<number>;
  user_id: number;
  kind: ChatChannelKind;
  name: string;
  /** ntfy: the server's base URL; Discord, Slack: the incoming webhook URL */
  url: string;
  /** ntfy only */
  topic: string | null;
  /** ntfy only: the sealed access token, if the topic is protected */
  token_sealed: string | null;
  events: string;
  is_enabled: Generated<number>;
  created_on: string;
}

/** A member's quiet hours and daily digest (one row per user, times in `time_zone`). */
export interface NotificationPreferencesTable {
  user_id: number;
  time_zone: string;
  quiet_start: string | null;
  quiet_end: string | null;
  errors_pierce: Generated<number>;
  digest_hour: number | null;
  updated_on: string;
}

/** The tables above, by their names in the database. */
export interface MessagingTables {
  telegram_links: TelegramLinksTable;
  telegram_link_codes: TelegramLinkCodesTable;
  telegram_login_uses: TelegramLoginUsesTable;
  telegram_bot_state: TelegramBotStateTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_outbox: NotificationOutboxTable;
  notification_channels: NotificationChannelsTable;
  notification_preferences: NotificationPreferencesTable;
}
