import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import type { SpoolLow } from '../spools/spool-consumption.js';
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
    /**
     * In the ending transaction: a queue item whose job printed to the end is done
     * (`queue.item_done`); other outcomes leave the item for a person to look at.
     */
    async onQueueJobEnded(trx: Transaction<Database>, job: PrintJobRow): Promise<void> {
      if (job.outcome !== 'done') return;
      const item = await trx
        .selectFrom('print_queue_items')
        .select(['id', 'file_id', 'copy_index', 'copy_count', 'added_by_username'])
        .where('print_job_id', '=', job.id)
        .executeTakeFirst();
      if (!item) return;
      await enqueue(trx, {
        workspaceId: job.workspace_id,
        event: 'queue.item_done',
        eventId: `queue_item:${item.id}:done`,
        data: {
          item_id: item.id,
          copy_index: item.copy_index,
          copy_count: item.copy_count,
          added_by: item.added_by_username,
          ...jobData(job),
        },
      });
    },

    /** In the consumption's transaction: a spool fell below its low threshold. */
    async onSpoolLow(trx: Transaction<Database>, low: SpoolLow): Promise<void> {
      await enqueue(trx, {
        workspaceId: low.job.workspace_id,
        event: 'spool.low',
        eventId: `spool:${low.spool.id}:low:${low.job.id}`,
        data: {
          spool_id: low.spool.id,
          material: low.spool.material,
          color_name: low.spool.color_name,
          brand: low.spool.brand,
          remaining_g: Math.round(low.remainingG),
          threshold_g: low.thresholdG,
          job_id: low.job.id,
          printer_id: low.job.printer_id,
          printer_name: low.job.printer_name,
        },
      });
    },

    /** In the transaction that stores the encoded timelapse: `video.ready`. */
    async onVideoReady(
      trx: Transaction<Database>,
      ready: { job: PrintJobRow; isFlagged: boolean; durationSec: number | null },
    ): Promise<void> {
      await enqueue(trx, {
        workspaceId: ready.job.workspace_id,
        event: 'video.ready',
        eventId: `video:${ready.job.id}:ready`,
        data: {
          video_id: ready.job.id,
          is_flagged: ready.isFlagged,
          duration_sec: ready.durationSec,
          ...jobData(ready.job),
        },
      });
    },

    /**
     * A printer went offline or into an error (a live state, not a database change): one
     * delivery per printer of the device, in every workspace that has it, keyed by the moment.
     */
    async onPrinterEvent(
      db: Db,
      input: {
        event: 'printer.offline' | 'printer.error';
        printers: Array<{ id: number; workspace_id: number; name: string }>;
        at: string;
        error?: { code: string; detail: string | null } | null;
      },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const printer of input.printers) {
          await enqueue(trx, {
            workspaceId: printer.workspace_id,
            event: input.event,
            eventId: `printer:${printer.id}:${input.event.slice(8)}:${input.at}`,
            data: {
              printer_id: printer.id,
              printer_name: printer.name,
              at: input.at,
              ...(input.error ? { error: input.error } : {}),
            },
          });
        }
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
