import { z } from 'zod';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Database } from '../../db/schema.js';
import { GiveUp, defineJobKind } from '../../jobs/job-kind.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import { SpoolmanStatus, type SpoolmanClient } from './spoolman-client.js';
import type { SpoolmanRepository } from './spoolman.repository.js';

export const SPOOLMAN_USE = 'spoolman.use';
const payloadSchema = z.object({
  printJobId: z.number().int(),
  tool: z.number().int(),
  spoolId: z.number().int(),
});

export interface SpoolmanUsageOptions {
  timeoutMs: number;
  backoffMs: number;
  maxBackoffMs: number;
  /** with the backoff capped at 15 min, 2,000 attempts keep trying for about three weeks */
  maxAttempts: number;
}

export const SPOOLMAN_USAGE_DEFAULTS: SpoolmanUsageOptions = {
  timeoutMs: 10_000,
  backoffMs: 10_000,
  maxBackoffMs: 15 * 60_000,
  maxAttempts: 2000,
};

/** One job row per (job, spool): enqueueing the same usage twice adds one. */
const usageJobKey = (printJobId: number, spoolId: number) =>
  `spoolman-use:${printJobId}:${spoolId}`;

/**
 * Usage back to Spoolman (reference §4.4): the consumption of an ended job is recorded on the
 * job in the ending transaction; for a spool mirrored from Spoolman, the same transaction writes
 * this job. It sends `PUT /spool/{id}/use {use_weight}` and marks the usage row sent; Spoolman
 * down means a retry with backoff, never a loss. A usage row already marked sent is not sent
 * again (a replay, a second enqueue). The one window left is Spoolman's own: it applied the use
 * and the answer was lost (a timeout after success); Spoolman has no idempotency key to close it.
 * 404 (the spool was deleted in Spoolman): the usage is dropped and its mapping cleared.
 */
export function createSpoolmanUsage(deps: {
  repository: SpoolmanRepository;
  client: SpoolmanClient;
  secrets: SecretBox;
  jobs: JobsRepository;
  clock: Clock;
  options: SpoolmanUsageOptions;
}) {
  const { repository, client, secrets, clock } = deps;

  async function send(printJobId: number, tool: number): Promise<void> {
    const usage = await repository.findUsage(printJobId, tool);
    if (!usage || usage.spoolman_spool_id === null || usage.spoolman_sent_on !== null) return;
    const connection = await repository.findConnection(usage.workspace_id);
    if (!connection) throw new GiveUp('The workspace is no longer connected to Spoolman.');
    const token =
      connection.token_sealed === null
        ? null
        : secrets.open(connection.token_sealed).toString('utf8');
    try {
      await client.useSpool({ url: connection.url, token }, usage.spoolman_spool_id, usage.grams);
    } catch (error) {
      if (error instanceof SpoolmanStatus && error.status === 404) {
        await repository.settleUsage(printJobId, tool, null);
        return;
      }
      throw error;
    }
    await repository.settleUsage(printJobId, tool, clock.now().toISOString());
  }

  return {
    /** In the ending transaction, after the usage row is written: a mirrored spool's job. */
    async onUsageRecorded(
      trx: Transaction<Database>,
      usage: { printJobId: number; tool: number; spoolId: number },
    ): Promise<void> {
      const spoolmanId = await repository.spoolmanIdOf(usage.spoolId, trx);
      if (spoolmanId === null) return;
      await repository.markUsageForSpoolman({ ...usage, spoolmanId }, trx);
      const nowIso = clock.now().toISOString();
      await deps.jobs.enqueue(trx, {
        kind: SPOOLMAN_USE,
        key: usageJobKey(usage.printJobId, usage.spoolId),
        payload: { printJobId: usage.printJobId, tool: usage.tool, spoolId: usage.spoolId },
        runAfter: nowIso,
        nowIso,
      });
    },

    jobKind: defineJobKind({
      name: SPOOLMAN_USE,
      payload: payloadSchema,
      policy: {
        leaseMs: deps.options.timeoutMs * 3,
        maxAttempts: deps.options.maxAttempts,
        backoffMs: deps.options.backoffMs,
        maxBackoffMs: deps.options.maxBackoffMs,
        concurrency: 4,
      },
      keyOf: ({ printJobId, spoolId }) => usageJobKey(printJobId, spoolId),
      handle: ({ printJobId, tool }) => send(printJobId, tool),
    }),
  };
}
