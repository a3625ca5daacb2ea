import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { NotificationKind } from '../../db/schema.js';
import { defineJobKind } from '../../jobs/job-kind.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import type { NotificationPayload } from './notification-messages.js';
import type { OutboxRepository, OutboxRow } from './notification-outbox.repository.js';
import { ERROR_KINDS, localMinutes } from './quiet-hours.js';

export const NOTIFICATION_DIGEST = 'notification.digest';
const digestPayload = z.object({ userId: z.number().int().positive(), due: z.string() });
const digestKey = (userId: number, due: string) => `${NOTIFICATION_DIGEST}:${userId}:${due}`;

export interface DigestSetting {
  timeZone: string;
  hour: number;
  errorsPierce: boolean;
}

/** One line of a digest: what a held message said. */
export interface DigestItem {
  kind: NotificationKind;
  workspace_name: string;
  printer_name?: string;
  file_name?: string;
  spool_name?: string;
}

/** The next moment the member's wall clock shows `hour`:00 (now, if it does this minute). */
export function nextDigestAt(setting: DigestSetting, now: Date): Date {
  const wait = (setting.hour * 60 - localMinutes(now, setting.timeZone) + 1440) % 1440;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

/** Whether a message waits for the digest: not tests, not digests, not failures that pierce. */
export function isDigested(setting: DigestSetting | null, kind: NotificationKind): boolean {
  if (!setting || kind === 'test' || kind === 'digest') return false;
  return !(setting.errorsPierce && ERROR_KINDS.has(kind));
}

/**
 * The daily digest. A message due while its member has a digest hour is held (`held`) and the
 * member's digest job for the next such hour is written with it (one per member and hour, by
 * its key). At that hour the job turns every held row into one digest message per channel
 * (and browser or chat channel) in one transaction: the held rows become `digested` and the
 * digest rows go out through the outbox like any message — once, whichever instance runs it.
 */
export function createNotificationDigest(deps: {
  db: Db;
  outbox: OutboxRepository;
  jobs: JobsRepository;
  clock: Clock;
}) {
  const { db, outbox, jobs, clock } = deps;

  async function hold(row: OutboxRow, setting: DigestSetting): Promise<void> {
    const now = clock.now();
    const due = nextDigestAt(setting, now).toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('notification_outbox')
        .set({ state: 'held', claimed_until: null, next_attempt_on: due })
        .where('id', '=', row.id)
        .where('state', '=', 'pending')
        .execute();
      await jobs.enqueue(trx, {
        kind: NOTIFICATION_DIGEST,
        key: digestKey(row.user_id, due),
        payload: { userId: row.user_id, due },
        runAfter: due,
        nowIso: now.toISOString(),
      });
    });
  }

  async function send(userId: number, due: string): Promise<void> {
    const nowIso = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      const held = await trx
        .selectFrom('notification_outbox')
        .selectAll()
        .where('user_id', '=', userId)
        .where('state', '=', 'held')
        .orderBy('id')
        .execute();
      if (held.length === 0) return;
      const groups = new Map<string, OutboxRow[]>();
      for (const row of held) {
        const target = `${row.channel}:${row.push_subscription_id ?? ''}:${row.notification_channel_id ?? ''}`;
        groups.set(target, [...(groups.get(target) ?? []), row]);
      }
      await outbox.insertEntries(
        trx,
        [...groups.values()].map((rows) => {
          const first = rows[0]!;
          const items: DigestItem[] = rows.map((row) => {
            const said = JSON.parse(row.payload) as NotificationPayload;
            return {
              kind: row.kind,
              workspace_name: said.workspace_name,
              ...(said.printer_name ? { printer_name: said.printer_name } : {}),
              ...(said.file_name ? { file_name: said.file_name } : {}),
              ...(said.spool_name ? { spool_name: said.spool_name } : {}),
            };
          });
          return {
            event: `digest:${due}`,
            kind: 'digest' as const,
            channel: first.channel,
            userId,
            workspaceId: null,
            ...(first.push_subscription_id
              ? { pushSubscriptionId: first.push_subscription_id }
              : {}),
            ...(first.notification_channel_id
              ? { chatChannelId: first.notification_channel_id }
              : {}),
            rateKey: first.rate_key,
            payload: { workspace_name: '', digest: items },
          };
        }),
        nowIso,
      );
      await trx
        .updateTable('notification_outbox')
        .set({ state: 'digested', sent_on: nowIso })
        .where(
          'id',
          'in',
          held.map((row) => row.id),
        )
        .where('state', '=', 'held')
        .execute();
    });
  }

  return {
    hold,
    job: defineJobKind({
      name: NOTIFICATION_DIGEST,
      payload: digestPayload,
      policy: {
        leaseMs: 60_000,
        maxAttempts: 8,
        backoffMs: 30_000,
        maxBackoffMs: 600_000,
        concurrency: 4,
      },
      keyOf: ({ userId, due }) => digestKey(userId, due),
      handle: ({ userId, due }) => send(userId, due),
    }),
  };
}
