import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import { WEBHOOK_DELIVER, webhookJobKey } from './webhook-delivery-keys.js';
import type { WebhooksRepository } from './webhooks.repository.js';

type Executor = Db | Transaction<Database>;

export interface WebhookEventInput {
  workspaceId: number;
  event: string;
  /** unique per event: the receiver's idempotency key (with the webhook) */
  eventId: string;
  data: Record<string, unknown>;
  /** only this webhook (a test), whatever it subscribed to */
  webhookId?: number;
}

const JOB_END_EVENTS: Partial<Record<PrintJobRow['outcome'], string>> = {
  done: 'job.finished',
  failed: 'job.failed',
  cancelled: 'job.cancelled',
};

function jobData(job: PrintJobRow): Record<string, unknown> {
  return {
    job_id: job.id,
    printer_id: job.printer_id,
    printer_name: job.printer_name,
    file_id: job.file_id,
    file_name: job.file_name,
    outcome: job.outcome,
    started_on: job.started_on,
    ended_on: job.ended_on,
    username: job.username,
  };
}

/**
 * Events into webhook deliveries, each written with its delivery job in the caller's
 * transaction (the event's own), so an event is delivered once it committed and never twice.
 */
export function createWebhookEvents(deps: {
  webhooks: WebhooksRepository;
  jobs: JobsRepository;
  clock: Clock;
}) {
  const { webhooks, jobs, clock } = deps;

  async function enqueue(trx: Executor, input: WebhookEventInput) {
    const nowIso = clock.now().toISOString();
    const targets = input.webhookId
      ? [{ id: input.webhookId }]
      : await webhooks.listSubscribed(trx, input.workspaceId, input.event);
    const body = {
      id: input.eventId,
      event: input.event,
      created_on: nowIso,
      workspace_id: input.workspaceId,
      data: input.data,
    };
    const rows = await webhooks.insertDeliveries(
      trx,
      targets.map((target) => ({
        webhook_id: target.id,
        event_id: input.eventId,
        event: input.event,
        payload: JSON.stringify(body),
      })),
      nowIso,
    );
    await jobs.enqueueMany(
      trx,
      rows.map((row) => ({
        kind: WEBHOOK_DELIVER,
        key: webhookJobKey(row.id),
        payload: { deliveryId: row.id },
        runAfter: nowIso,
        nowIso,
      })),
    );
    return rows;
  }

  return {
    enqueue,
    /** In the ending transaction: job.finished, job.failed or job.cancelled. */
    async onJobEnded(trx: Transaction<Database>, job: PrintJobRow): Promise<void> {
      const event = JOB_END_EVENTS[job.outcome];
      if (!event) return;
      await enqueue(trx, {
        workspaceId: job.workspace_id,
        event,
        eventId: `print_job:${job.id}:${job.outcome}`,
        data: jobData(job),
      });
    },
    /** After the start committed (the lifecycle has no start transaction): its own one. */
    async onJobStarted(db: Db, job: PrintJobRow): Promise<void> {
      await enqueue(db, {
        workspaceId: job.workspace_id,
        event: 'job.started',
        eventId: `print_job:${job.id}:started`,
        data: jobData(job),
      });
    },
    newTestEventId: () => `test:${randomUUID()}`,
  };
}

export type WebhookEvents = ReturnType<typeof createWebhookEvents>;
