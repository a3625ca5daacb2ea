import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/**
 * Issue 28: a member's own chat channels (ntfy, Discord, Slack), each with the message kinds it
 * takes, delivered from the same outbox as e-mail, Telegram and push (an outbox row names its
 * channel record, so one message goes once per channel); and a member's quiet hours and daily
 * digest (one row per user). The ntfy access token is sealed; a Discord or Slack URL (itself a
 * credential) is only ever answered masked.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('notification_channels'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('topic', 'text')
    .addColumn('token_sealed', 'text')
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_channels_user_idx')
    .on('notification_channels')
    .column('user_id')
    .execute();

  await db.schema
    .alterTable('notification_outbox')
    .addColumn('notification_channel_id', 'integer', (c) =>
      c.references('notification_channels.id').onDelete('set null'),
    )
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('time_zone', 'text', (c) => c.notNull())
    // "HH:MM" in the member's time zone; both null: no quiet hours
    .addColumn('quiet_start', 'text')
    .addColumn('quiet_end', 'text')
    .addColumn('errors_pierce', 'integer', (c) => c.notNull().defaultTo(1))
    // 0-23 in the member's time zone; null: no digest
    .addColumn('digest_hour', 'integer')
    .addColumn('updated_on', 'text', (c) => c.notNull())
    .execute();
}
