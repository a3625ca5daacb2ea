import { sql, type Kysely } from 'kysely';

/**
 * Issue 23: a session records whether it proved a second factor (the authenticator code or a
 * recovery code), not just the password. Sessions of accounts with two-factor on that began
 * after it was turned on were signed in with a code; older ones were not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('second_factor_on', 'text').execute();
  await sql`UPDATE sessions SET second_factor_on = created_on
    WHERE user_id IN (SELECT id FROM users WHERE totp_enabled_on IS NOT NULL)
      AND created_on >= (SELECT totp_enabled_on FROM users WHERE users.id = sessions.user_id)`.execute(
    db,
  );
}
