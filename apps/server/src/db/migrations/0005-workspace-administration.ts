import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // A key is "pdk_<public_id>_<secret>": the public id finds the row, only the secret's hash is kept.
  await addIdColumn(db.schema.createTable('api_keys'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('last_used_on', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();

  // One pending invitation per workspace and address; accepted or withdrawn ones are deleted.
  await addIdColumn(db.schema.createTable('workspace_invitations'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addUniqueConstraint('workspace_invitations_email_uq', ['workspace_id', 'email'])
    .execute();
  await db.schema
    .createIndex('workspace_invitations_email_idx')
    .on('workspace_invitations')
    .column('email')
    .execute();

  await addIdColumn(db.schema.createTable('notification_settings'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('telegram_enabled', 'integer', (c) => c.notNull())
    .addColumn('telegram_video_failure_alert', 'integer', (c) => c.notNull())
    .addColumn('telegram_print_done', 'integer', (c) => c.notNull())
    .addColumn('email_enabled', 'integer', (c) => c.notNull())
    .addColumn('email_video_failure_alert', 'integer', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addUniqueConstraint('notification_settings_uq', ['user_id', 'workspace_id'])
    .execute();

  await addIdColumn(db.schema.createTable('news'), dialect)
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('perex_en', 'text', (c) => c.notNull())
    .addColumn('content_en', 'text', (c) => c.notNull())
    .addColumn('title_cs', 'text', (c) => c.notNull())
    .addColumn('perex_cs', 'text', (c) => c.notNull())
    .addColumn('content_cs', 'text', (c) => c.notNull())
    .addColumn('publish_from', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('updated_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_publish_idx').on('news').column('publish_from').execute();

  await db.schema
    .createTable('news_reads')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_reads_pk', ['news_id', 'user_id'])
    .execute();
  await db.schema.createIndex('news_reads_user_idx').on('news_reads').column('user_id').execute();
}
