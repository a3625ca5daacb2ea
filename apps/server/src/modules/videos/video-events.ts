import type { Transaction } from 'kysely';
import type { VideoCheckReason } from '@printdeck/shared';
import type { Database } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import type { VideoRow } from './videos.repository.js';

/** The failure check flagged a timelapse: what notifications tell the workspace. */
export interface VideoFailure {
  video: VideoRow;
  job: PrintJobRow;
  reasons: VideoCheckReason[];
}

/**
 * What other parts of the server do when the failure check flags a video ("video failure" in
 * spec part 2 §2.11). Same shape as the print-job lifecycle:
 *
 * - `inTransaction` runs inside the transaction that stores the check result: write durable
 *   work (a notification outbox row) there, so it exists exactly when the result does.
 * - `afterCommit` runs once that is committed: wake a worker. It must not throw.
 */
export interface VideoEventHooks {
  inTransaction?: (trx: Transaction<Database>, failure: VideoFailure) => Promise<void>;
  afterCommit?: (failure: VideoFailure) => void;
}

/** A timelapse was encoded and stored (READY), flagged or not. */
export interface VideoReady {
  job: PrintJobRow;
  isFlagged: boolean;
  durationSec: number | null;
}

export interface VideoReadyHooks {
  inTransaction?: (trx: Transaction<Database>, ready: VideoReady) => Promise<void>;
  afterCommit?: (ready: VideoReady) => void;
}

export function createVideoEvents() {
  const hooks: VideoEventHooks[] = [];
  const readyHooks: VideoReadyHooks[] = [];
  return {
    subscribeReady(entry: VideoReadyHooks): void {
      readyHooks.push(entry);
    },
    async runReadyInTransaction(trx: Transaction<Database>, ready: VideoReady): Promise<void> {
      for (const entry of readyHooks) await entry.inTransaction?.(trx, ready);
    },
    notifyReady(ready: VideoReady): void {
      for (const entry of readyHooks) entry.afterCommit?.(ready);
    },
    subscribe(entry: VideoEventHooks): void {
      hooks.push(entry);
    },
    async runInTransaction(trx: Transaction<Database>, failure: VideoFailure): Promise<void> {
      for (const entry of hooks) await entry.inTransaction?.(trx, failure);
    },
    notifyFailure(failure: VideoFailure): void {
      for (const entry of hooks) entry.afterCommit?.(failure);
    },
  };
}

export type VideoEvents = ReturnType<typeof createVideoEvents>;
