import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, NotificationKind } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import type { NotificationPayload } from './notification-messages.js';
import type { OutboxEntry, OutboxRepository } from './notification-outbox.repository.js';
import type { RecipientsRepository } from './notification-recipients.repository.js';
import type { ChatChannelsRepository } from './chat-channels.repository.js';
import type { SpoolLow } from '../spools/spool-consumption.js';

/** An outbox row before its channel and recipient are known. */
type EntryBase = Omit<OutboxEntry, 'channel' | 'userId' | 'rateKey'>;

export interface VideoFailure {
  job: PrintJobRow;
  video?: { id: number } | null;
  reasons: string[];
}

/**
 * Turns events into outbox rows, inside the transaction of the event itself: a print job's end
 * (print done or failed) and a timelapse video's failure. Each member gets what their own
 * settings for that workspace ask for; a member without a Telegram link gets no Telegram row.
 */
export function createNotificationEvents(deps: {
  outbox: OutboxRepository;
  recipients: RecipientsRepository;
  chatChannels: ChatChannelsRepository;
  clock: Clock;
}) {
  const { outbox, recipients, clock } = deps;

  /** Every enabled ntfy, Discord and Slack channel of a member that takes this kind. */
  async function chatEntries(trx: Transaction<Database>, base: EntryBase): Promise<OutboxEntry[]> {
    if (base.workspaceId === null) return [];
    const channels = await deps.chatChannels.listForWorkspace(trx, base.workspaceId, base.kind);
    return channels.map((row) => ({
      ...base,
      channel: row.kind,
      userId: row.user_id,
      chatChannelId: row.id,
      rateKey: `${row.kind}:${row.id}`,
    }));
  }

  async function payloadOf(
    trx: Transaction<Database>,
    job: PrintJobRow,
    extra: Partial<NotificationPayload> = {},
  ): Promise<NotificationPayload> {
    return {
      workspace_name: await recipients.workspaceName(trx, job.workspace_id),
      printer_id: job.printer_id,
      printer_name: job.printer_name,
      file_name: job.file_name,
      job_id: job.id,
      device_key_id: job.device_key_id,
      ...extra,
    };
  }

  /** Members whose settings ask for this Telegram alert and who have a linked chat. */
  async function telegramEntries(
    trx: Transaction<Database>,
    base: EntryBase & { workspaceId: number },
    alert: 'telegram_print_done' | 'telegram_video_failure_alert',
  ): Promise<OutboxEntry[]> {
    return (await recipients.telegramRecipients(trx, base.workspaceId, alert)).map((row) => ({
      ...base,
      channel: 'telegram' as const,
      userId: row.user_id,
      rateKey: `telegram:${row.chat_id}`,
    }));
  }

  async function pushEntries(trx: Transaction<Database>, base: EntryBase): Promise<OutboxEntry[]> {
    if (base.workspaceId === null) return [];
    return (await recipients.pushRecipients(trx, base.workspaceId)).map((row) => ({
      ...base,
      channel: 'push' as const,
      userId: row.user_id,
      pushSubscriptionId: row.id,
      rateKey: `push:${row.id}`,
    }));
  }

  /** Telegram (its print-done alert), push and the chat channels: the common set of rows. */
  async function insertPrintDoneAlerts(
    trx: Transaction<Database>,
    base: EntryBase & { workspaceId: number },
  ): Promise<void> {
    await outbox.insertEntries(
      trx,
      [
        ...(await telegramEntries(trx, base, 'telegram_print_done')),
        ...(await pushEntries(trx, base)),
        ...(await chatEntries(trx, base)),
      ],
      clock.now().toISOString(),
    );
  }

  return {
    /** Print done or failed: Telegram (print-done alert) and push. Other outcomes say nothing. */
    async enqueuePrintJobEnd(trx: Transaction<Database>, job: PrintJobRow): Promise<void> {
      const kind: NotificationKind | null =
        job.outcome === 'done' ? 'print_done' : job.outcome === 'failed' ? 'print_failed' : null;
      if (!kind) return;
      const payload = await payloadOf(trx, job);
      const base = { event: `print_job:${job.id}`, kind, workspaceId: job.workspace_id, payload };
      await insertPrintDoneAlerts(trx, base);
    },

    /**
     * A spool fell below its low threshold with a job's usage: Telegram (print-done alert) and
     * push. Keyed by spool and job, so one crossing is told once however often it is replayed.
     */
    async enqueueSpoolLow(trx: Transaction<Database>, low: SpoolLow): Promise<void> {
      const { spool, job } = low;
      const payload = await payloadOf(trx, job, {
        spool_id: spool.id,
        spool_name: [spool.material, spool.color_name, spool.brand].filter(Boolean).join(' '),
        remaining_g: Math.round(low.remainingG),
        workspace_id: job.workspace_id,
      });
      const base = {
        event: `spool_low:${spool.id}:${job.id}`,
        kind: 'spool_low' as const,
        workspaceId: job.workspace_id,
        payload,
      };
      await insertPrintDoneAlerts(trx, base);
    },

    /**
     * A maintenance task became due (issue 26): Telegram (print-done alert), push and the chat
     * channels that chose it (ntfy, Discord, Slack). Keyed by
     * the task and the start of its period, so each period is told once.
     */
    async enqueueMaintenanceDue(
      trx: Transaction<Database>,
      due: {
        task: { id: number; name: string; last_done_on: string; workspace_id: number };
        printer: { id: number; name: string };
      },
    ): Promise<void> {
      const { task, printer } = due;
      const payload: NotificationPayload = {
        workspace_name: await recipients.workspaceName(trx, task.workspace_id),
        printer_id: printer.id,
        printer_name: printer.name,
        task_name: task.name,
      };
      const base = {
        event: `maintenance_due:${task.id}:${task.last_done_on}`,
        kind: 'maintenance_due' as const,
        workspaceId: task.workspace_id,
        payload,
      };
      await insertPrintDoneAlerts(trx, base);
    },

    /** The video check found the timelapse failed: Telegram, e-mail and push, per settings. */
    async enqueueVideoFailure(trx: Transaction<Database>, failure: VideoFailure): Promise<void> {
      const { job } = failure;
      const payload = await payloadOf(trx, job, {
        video_id: failure.video?.id ?? null,
        reasons: failure.reasons,
      });
      const base = {
        event: `print_job:${job.id}`,
        kind: 'video_failed' as const,
        workspaceId: job.workspace_id,
        payload,
      };
      const email = await recipients.emailVideoFailureRecipients(trx, job.workspace_id);
      await outbox.insertEntries(
        trx,
        [
          ...(await telegramEntries(trx, base, 'telegram_video_failure_alert')),
          ...email.map((row) => ({
            ...base,
            channel: 'email' as const,
            userId: row.user_id,
            rateKey: `email:${row.user_id}`,
          })),
          ...(await pushEntries(trx, base)),
          ...(await chatEntries(trx, base)),
        ],
        clock.now().toISOString(),
      );
    },
  };
}
