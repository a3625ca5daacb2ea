import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/**
 * Issue 15: the first answer to each Idempotency-Key, per caller, kept for a day in the database
 * so that every server instance on it answers a repeated key the same way.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('idempotency_keys'), dialect)
    // who sent it: "user:<id>" for a session, "api_key:<id>" for an API key
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // sha-256 of method, path and body: the same key with another request is refused
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    // null while the first request runs
    .addColumn('status', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('completed_on', 'text')
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_caller_key_uq', ['caller', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_idx')
    .on('idempotency_keys')
    .column('expires_on')
    .execute();
}
