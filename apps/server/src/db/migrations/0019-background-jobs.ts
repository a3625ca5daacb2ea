import { sql, type Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/**
 * Issue 27: one durable table for every kind of background work (ARCHITECTURE §2), claimed by
 * one runner with a lease. The video encode queue moves in whole (its table goes: the job row
 * was all it held); the invitation mails still waiting or being sent become jobs, while their
 * delivery state stays on the invitation (what the members page shows). A row in `running`
 * keeps its lease, so a mail or an encode cut off by the upgrade is taken over, never lost.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('background_jobs'), dialect)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('background_jobs_due_idx')
    .on('background_jobs')
    .columns(['state', 'run_after'])
    .execute();

  await sql`
    insert into background_jobs
      (kind, key, payload, state, attempts, run_after, lease_until, last_error, created_on)
    select 'video.encode', 'video.encode:' || video_id, '{"videoId":' || video_id || '}',
      state, attempts, run_after, lease_until, last_error, created_on
    from video_encode_jobs
  `.execute(db);
  await db.schema.dropTable('video_encode_jobs').execute();

  await sql`
    insert into background_jobs
      (kind, key, payload, state, attempts, run_after, lease_until, last_error, created_on)
    select 'invitation.mail', 'invitation.mail:' || id, '{"invitationId":' || id || '}',
      case when mail_state = 'sending' then 'running' else 'pending' end,
      mail_attempts, coalesce(mail_next_attempt_on, created_on), mail_claimed_until,
      mail_last_error, created_on
    from workspace_invitations
    where mail_state in ('pending', 'sending')
  `.execute(db);
}
