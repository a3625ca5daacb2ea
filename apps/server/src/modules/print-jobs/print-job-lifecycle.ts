import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PrintJobRow } from './print-jobs.repository.js';

/**
 * What other parts of the server do when a print job starts or ends. The queue, timelapse
 * videos and notifications subscribe here instead of reaching into the print-jobs service.
 *
 * - `inTransaction` hooks run inside the transaction that ends the job: write durable work
 *   (an outbox row, a video job, a queue item's state) there, so it exists exactly when the
 *   job's end does — never without it, never twice.
 * - `afterCommit` listeners run once the end is committed: wake a worker, dispatch the queue.
 *   They must not throw; they are told of each ended job once per process.
 */
export interface PrintJobLifecycleHooks {
  /**
   * A job is about to end, before its ending transaction (no transaction held): read what the
   * end needs from outside (a power meter) and store it on the open job. Must not throw.
   */
  beforeEnd?: (jobId: number) => Promise<void>;
  /** A job reached its final outcome (`ended_on` set): runs in the same transaction. */
  inTransaction?: (trx: Transaction<Database>, job: PrintJobRow) => Promise<void>;
  /** A job reached its final outcome, after commit. */
  afterCommit?: (job: PrintJobRow) => void;
  /** A job was created and handed to the device, after commit. */
  onStarted?: (job: PrintJobRow) => void;
}

export function createPrintJobLifecycle() {
  const hooks: PrintJobLifecycleHooks[] = [];
  return {
    subscribe(entry: PrintJobLifecycleHooks): void {
      hooks.push(entry);
    },
    async prepareEnd(jobId: number): Promise<void> {
      for (const entry of hooks) await entry.beforeEnd?.(jobId);
    },
    async runInTransaction(trx: Transaction<Database>, job: PrintJobRow): Promise<void> {
      for (const entry of hooks) await entry.inTransaction?.(trx, job);
    },
    notifyEnded(job: PrintJobRow): void {
      for (const entry of hooks) entry.afterCommit?.(job);
    },
    notifyStarted(job: PrintJobRow): void {
      for (const entry of hooks) entry.onStarted?.(job);
    },
  };
}

export type PrintJobLifecycle = ReturnType<typeof createPrintJobLifecycle>;
