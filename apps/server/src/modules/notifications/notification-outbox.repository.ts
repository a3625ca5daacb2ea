import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  Database,
  NotificationChannel,
  NotificationKind,
  NotificationOutboxTable,
} from '../../db/schema.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import { deliverKeyOf, deliveryKindOf } from './notification-delivery-keys.js';
import type { NotificationPayload } from './notification-messages.js';

export type OutboxRow = Selectable<NotificationOutboxTable>;
type Executor = Db | Transaction<Database>;

export interface OutboxEntry {
  /** what the message is about, unique per event: `print_job:12`, `video:5` */
  event: string;
  kind: NotificationKind;
  channel: NotificationChannel;
  userId: number;
  workspaceId: number | null;
  pushSubscriptionId?: number;
  /** a member's ntfy, Discord or Slack channel */
  chatChannelId?: number;
  rateKey: string;
  payload: NotificationPayload;
}

/** One delivery per (event, member, channel[, browser or chat channel]). */
export function idempotencyKey(entry: OutboxEntry): string {
  const target = entry.pushSubscriptionId
    ? `:${entry.pushSubscriptionId}`
    : entry.chatChannelId
      ? `:${entry.chatChannelId}`
      : '';
  return `${entry.event}:${entry.kind}:${entry.userId}:${entry.channel}${target}`;
}

/**
 * The durable outbox: each row written in the event's transaction with the job that delivers
 * it (notification-delivery-job.ts); the row keeps the delivery's state for its member.
 */
export function createOutboxRepository(db: Db, jobs: JobsRepository) {
  return {
    /** Adds rows and their delivery jobs; one already there for the same key stays as it is. */
    async insertEntries(trx: Executor, entries: OutboxEntry[], nowIso: string): Promise<void> {
      const rows: Array<Insertable<NotificationOutboxTable>> = entries.map((entry) => ({
        idempotency_key: idempotencyKey(entry),
        channel: entry.channel,
        kind: entry.kind,
        user_id: entry.userId,
        workspace_id: entry.workspaceId,
        push_subscription_id: entry.pushSubscriptionId ?? null,
        notification_channel_id: entry.chatChannelId ?? null,
        rate_key: entry.rateKey,
        payload: JSON.stringify(entry.payload),
        state: 'pending',
        attempts: 0,
        next_attempt_on: nowIso,
        created_on: nowIso,
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto('notification_outbox')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .execute();
      }
      await jobs.enqueueMany(
        trx,
        rows.map((row) => ({
          kind: deliveryKindOf(row.channel),
          key: deliverKeyOf(row.idempotency_key),
          payload: { key: row.idempotency_key },
          runAfter: nowIso,
          nowIso,
        })),
      );
    },

    findByKey(key: string): Promise<OutboxRow | undefined> {
      return db
        .selectFrom('notification_outbox')
        .selectAll()
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /** Marks the row on its way; false when another worker (or instance) has it. */
    async claim(id: number, leaseUntilIso: string): Promise<boolean> {
      const result = await db
        .updateTable('notification_outbox')
        .set((eb) => ({
          state: 'sending',
          claimed_until: leaseUntilIso,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSent(id: number, nowIso: string): Promise<void> {
      await db
        .updateTable('notification_outbox')
        .set({ state: 'sent', sent_on: nowIso, claimed_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    async markRetry(id: number, nextIso: string, reason: string): Promise<void> {
      await db
        .updateTable('notification_outbox')
        .set({
          state: 'pending',
          next_attempt_on: nextIso,
          claimed_until: null,
          last_error: reason,
        })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: number, reason: string): Promise<void> {
      await db
        .updateTable('notification_outbox')
        .set({ state: 'failed', claimed_until: null, last_error: reason })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
