import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('users'), dialect)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('workspaces'), dialect)
    .addColumn('unique_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('public_website_url', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar', 'text')
    .addColumn('print_queue_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('revoked_on', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip_address', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('used_on', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('mail_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('used_on', 'text')
    .execute();
  await db.schema.createIndex('mail_tokens_email_idx').on('mail_tokens').column('email').execute();
}
