import { sql, type Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/**
 * Issue 14 (security): sessions you can see and end, two-factor sign-in, device keys that pair
 * once with the agent's own identity and attach only where they were made (or shared), and API
 * keys limited to one workspace.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // sessions: when last used (refresh), and when the password was last proved (re-auth)
  await db.schema.alterTable('sessions').addColumn('last_used_on', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('reauth_on', 'text').execute();

  // two-factor sign-in: the TOTP secret is stored encrypted; the last accepted time step stops
  // a code from being used twice
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_on', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await addIdColumn(db.schema.createTable('user_recovery_codes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('used_on', 'text')
    .execute();
  await db.schema
    .createIndex('user_recovery_codes_user_idx')
    .on('user_recovery_codes')
    .column('user_id')
    .execute();

  // device keys: the workspace that made the key, and the agent identity it paired with
  await db.schema.alterTable('device_keys').addColumn('workspace_id', 'integer').execute();
  await db.schema.alterTable('device_keys').addColumn('identity_hash', 'text').execute();
  await db.schema.alterTable('device_keys').addColumn('paired_on', 'text').execute();
  // a key made before homes existed lives where its oldest printer is
  await sql`UPDATE device_keys SET workspace_id = (SELECT p.workspace_id FROM printers p
    WHERE p.device_key_id = device_keys.id ORDER BY p.id LIMIT 1) WHERE workspace_id IS NULL`.execute(
    db,
  );
  await db.schema
    .createTable('device_key_shares')
    .addColumn('device_key_id', 'integer', (c) =>
      c.notNull().references('device_keys.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('shared_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_key_shares_pk', ['device_key_id', 'workspace_id'])
    .execute();

  // an API key limited to one workspace (null: every workspace of its owner)
  await db.schema.alterTable('api_keys').addColumn('workspace_id', 'integer').execute();
}
