import { sql, type Kysely } from 'kysely';

/**
 * Issue 27: the notification outbox is delivered by the job runner (a `notification.telegram`
 * or `notification.deliver` job per row). Rows still waiting get their job here, due when the
 * row was; a row left in `sending` gets one too, whose handler fails it as interrupted (sent at
 * most once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into background_jobs (kind, key, payload, state, attempts, run_after, created_on)
    select
      case when channel = 'telegram' then 'notification.telegram' else 'notification.deliver' end,
      'notification.deliver:' || idempotency_key,
      '{"key":"' || idempotency_key || '"}', 'pending', 0, next_attempt_on, created_on
    from notification_outbox
    where state in ('pending', 'sending')
  `.execute(db);
}
