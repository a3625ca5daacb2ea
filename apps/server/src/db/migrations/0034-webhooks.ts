import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/**
 * Issue 28: a workspace's outgoing webhooks and their deliveries. A delivery is one event for
 * one webhook (unique on the pair), written with the background job that sends it; it keeps
 * its last answer for the delivery log. The secret is sealed (the server signs with it).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('webhooks'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhooks_workspace_idx')
    .on('webhooks')
    .column('workspace_id')
    .execute();

  await addIdColumn(db.schema.createTable('webhook_deliveries'), dialect)
    .addColumn('webhook_id', 'integer', (c) =>
      c.notNull().references('webhooks.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_response', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('attempted_on', 'text')
    .addColumn('next_attempt_on', 'text')
    .addUniqueConstraint('webhook_deliveries_event_uq', ['webhook_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_log_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();
}
