import type { Kysely } from 'kysely';

/**
 * Issue 15 item 4: an invitation whose mail could not leave (the mail server was down) is kept
 * and mailed later by the invitation-mail worker. Its delivery state lives on the invitation
 * itself: `sending` (claimed by one sender until `mail_claimed_until`), `pending` (waiting for
 * `mail_next_attempt_on`), `sent` or `failed`. Invitations made before this were all sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = () => db.schema.alterTable('workspace_invitations');
  await table()
    .addColumn('mail_state', 'text', (c) => c.notNull().defaultTo('sent'))
    .execute();
  await table()
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await table().addColumn('mail_next_attempt_on', 'text').execute();
  await table().addColumn('mail_claimed_until', 'text').execute();
  await table().addColumn('mail_locale', 'text').execute();
  await table().addColumn('mail_last_error', 'text').execute();
  await db.schema
    .createIndex('workspace_invitations_mail_due_idx')
    .on('workspace_invitations')
    .columns(['mail_state', 'mail_next_attempt_on'])
    .execute();
}
