import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // The language notifications are written in; null until the member picks one (English).
  await db.schema.alterTable('users').addColumn('language', 'text').execute();

  // One Telegram chat per member (a private chat with the bot: its id is the Telegram user id).
  await db.schema
    .createTable('telegram_links')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('chat_id', 'text', (c) => c.notNull().unique())
    .addColumn('telegram_username', 'text')
    .addColumn('linked_on', 'text', (c) => c.notNull())
    .execute();

  // Deep-link codes (t.me/<bot>?start=<code>): one use, short-lived, only their hash is kept.
  await db.schema
    .createTable('telegram_link_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('used_on', 'text')
    .execute();

  // Login Widget payloads already used, so a captured one cannot be replayed within its day.
  await db.schema
    .createTable('telegram_login_uses')
    .addColumn('payload_hash', 'text', (c) => c.primaryKey())
    .addColumn('used_on', 'text', (c) => c.notNull())
    .execute();

  // The bot's getUpdates offset, so a restart neither re-reads nor skips an update.
  await db.schema
    .createTable('telegram_bot_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('push_subscriptions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  // The outbox: one row per (event, member, channel[, browser]), written in the event's own
  // transaction and drained by the worker (ARCHITECTURE §2 "Background work").
  await addIdColumn(db.schema.createTable('notification_outbox'), dialect)
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (c) => c.references('workspaces.id').onDelete('cascade'))
    .addColumn('push_subscription_id', 'integer', (c) =>
      c.references('push_subscriptions.id').onDelete('set null'),
    )
    .addColumn('rate_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_on', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('sent_on', 'text')
    .execute();
  await db.schema
    .createIndex('notification_outbox_due_idx')
    .on('notification_outbox')
    .columns(['state', 'next_attempt_on'])
    .execute();
}
