import { z } from 'zod';

/** How a kind's jobs are run: one kind's numbers never hold up another's. */
export interface JobPolicy {
  /** a claimed job belongs to its worker this long; past it, another worker takes it over */
  leaseMs: number;
  /** claims (a worker that died counts) before the job fails for good */
  maxAttempts: number;
  /** the first retry waits this long, doubling each attempt, capped by maxBackoffMs */
  backoffMs: number;
  maxBackoffMs: number;
  /** jobs of this kind running at once in one process */
  concurrency: number;
}

/**
 * One kind of background work: a name, its payload's schema (checked when a job is claimed,
 * so a row written by an older version fails clearly) and its handler. A handler may run more
 * than once for one job (a worker died after the work, before recording it): it must be
 * idempotent. It resolves when the work is done; it throws `RetryLater` (or anything else) to
 * be retried with backoff, `GiveUp` to fail at once, or `WaitUntil` when the work may not start
 * yet (a rate limit's slot): put back without spending an attempt.
 */
export interface JobKind<Schema extends z.ZodType = z.ZodType> {
  name: string;
  payload: Schema;
  policy: JobPolicy;
  /** the unique key of a job with this payload: enqueueing it twice adds one job */
  keyOf(payload: z.infer<Schema>): string;
  handle(payload: z.infer<Schema>, job: { attempts: number }): Promise<void>;
  /** the job failed for good (attempts used up, or `GiveUp`): record it on the kind's own data */
  onGiveUp?(payload: z.infer<Schema>, reason: string): Promise<void>;
  /** an attempt failed and the job runs again at `at`: record it on the kind's own data */
  onRetry?(payload: z.infer<Schema>, reason: string, at: Date): Promise<void>;
  /**
   * A recurring kind (`defineRecurringJob`): its one job runs every this many ms, on one
   * instance of the cluster per period; done or failed, it is put back for the next period.
   */
  everyMs?: number;
}

export function defineJobKind<Schema extends z.ZodType>(kind: JobKind<Schema>): JobKind<Schema> {
  return kind;
}

const noPayload = z.object({});

/**
 * Periodic work as a job (a sweep, a retention pass): one row keyed by the kind's name, made
 * when a runner starts, claimed by one instance per period like any job (a dead instance's
 * run is taken over when its lease ends). A run that fails is logged and runs again next
 * period: it never gives up, and its waits spend no attempt.
 */
export function defineRecurringJob(kind: {
  name: string;
  everyMs: number;
  /** a run longer than this is taken for dead and taken over */
  leaseMs: number;
  run(): Promise<void>;
}): JobKind<typeof noPayload> {
  return {
    name: kind.name,
    payload: noPayload,
    policy: {
      leaseMs: kind.leaseMs,
      maxAttempts: 1,
      backoffMs: kind.everyMs,
      maxBackoffMs: kind.everyMs,
      concurrency: 1,
    },
    keyOf: () => kind.name,
    handle: () => kind.run(),
    everyMs: kind.everyMs,
  };
}

/** The work could not be done now; the runner tries again (at `at`, or after its backoff). */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly at?: Date,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/** The work can never be done; the runner fails the job without retrying. */
export class GiveUp extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GiveUp';
  }
}

/**
 * The work may not start before `at` (e.g. the next free slot of Telegram's rate limit): the
 * runner puts the job back to run then, and the attempt it claimed is not counted. With
 * `holdsKind`, no job of this kind may start before then (a limit shared by all of them): the
 * runner claims none of them in this process until `at`, instead of claiming each to hear so.
 */
export class WaitUntil extends Error {
  constructor(
    readonly at: Date,
    readonly holdsKind = false,
  ) {
    super(`Waiting until ${at.toISOString()}`);
    this.name = 'WaitUntil';
  }
}
