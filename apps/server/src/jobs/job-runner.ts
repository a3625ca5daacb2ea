import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import { GiveUp, RetryLater, WaitUntil, type JobKind } from './job-kind.js';
import type { ClaimedJob, JobsRepository } from './jobs.repository.js';

export interface JobRunnerOptions {
  /** look for due work this often even without a wake-up (delayed, retried, taken over) */
  pollMs: number;
}

const JOB_RUNNER_DEFAULTS: JobRunnerOptions = { pollMs: 15_000 };

export type JobOutcome =
  | { state: 'done' }
  | { state: 'waiting'; at: Date }
  | { state: 'retry'; error: unknown }
  | { state: 'failed'; error: unknown };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one runner of background work: claims due jobs of the kinds it knows (each kind up to
 * its own concurrency), runs their handlers, and records done, a retry with backoff, or
 * failed. Time comes from the clock, so tests move it; `wake()` makes it look now (after an
 * event committed new work).
 */
export function createJobRunner(deps: {
  jobs: JobsRepository;
  clock: Clock;
  options?: Partial<JobRunnerOptions>;
}) {
  const { jobs, clock } = deps;
  const options = { ...JOB_RUNNER_DEFAULTS, ...deps.options };
  const kinds = new Map<string, JobKind>();
  const ensured = new Set<string>();
  /** kinds whose jobs may not start before a time (clock ms), in this process */
  const heldUntil = new Map<string, number>();
  // the server's logger comes with start(); a held job run before that logs nowhere
  let logger: Pick<FastifyBaseLogger, 'warn' | 'error'> = { warn: () => {}, error: () => {} };
  const active = new Map<string, number>();
  let draining: Promise<void> | null = null;
  let isWakeQueued = false;
  let poke: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  // a wake-up at the next due time (a retry, a wait; clock time), sooner than the poll
  let dueTimer: { at: number; handle: NodeJS.Timeout } | null = null;
  let isStarted = false;
  let isStopped = false;
  let doneCount = 0;

  function kindOf(job: ClaimedJob): JobKind {
    const kind = kinds.get(job.kind);
    if (!kind) throw new Error(`no handler for job kind ${job.kind}`);
    return kind;
  }

  function retryAt(kind: JobKind, job: ClaimedJob, error: unknown): string {
    if (error instanceof RetryLater && error.at) return error.at.toISOString();
    const { backoffMs, maxBackoffMs } = kind.policy;
    const delay = Math.min(backoffMs * 2 ** (job.attempts - 1), maxBackoffMs);
    return new Date(clock.now().getTime() + delay).toISOString();
  }

  async function giveUp(kind: JobKind, job: ClaimedJob, payload: unknown, reason: string) {
    if (payload !== undefined) await kind.onGiveUp?.(payload, reason);
    await jobs.markFailed(job, reason);
  }

  /** A recurring job: runs, then waits for its next period whatever happened (no attempt). */
  async function runRecurring(
    kind: JobKind,
    everyMs: number,
    job: ClaimedJob,
    payload: unknown,
  ): Promise<JobOutcome> {
    let error: unknown = null;
    try {
      await kind.handle(payload, { attempts: job.attempts });
    } catch (caught) {
      error = caught;
      logger.warn({ kind: job.kind, reason: reasonOf(caught) }, 'recurring job failed');
    }
    const at = new Date(clock.now().getTime() + everyMs);
    await jobs.markWaiting(job, at.toISOString(), error === null ? null : reasonOf(error));
    wakeAt(at.getTime());
    if (error !== null) return { state: 'retry', error };
    doneCount += 1;
    return { state: 'done' };
  }

  /** Makes the one row of each recurring kind registered since the last look. */
  async function ensureRecurring(): Promise<void> {
    for (const kind of kinds.values()) {
      if (kind.everyMs === undefined || ensured.has(kind.name)) continue;
      const nowIso = clock.now().toISOString();
      await jobs.ensure({ kind: kind.name, key: kind.name, payload: {}, runAfter: nowIso, nowIso });
      ensured.add(kind.name);
    }
  }

  /** Runs one held job's handler and records how it went. */
  async function runHeld(job: ClaimedJob): Promise<JobOutcome> {
    const kind = kindOf(job);
    const { maxAttempts } = kind.policy;
    const parsed = (kind.payload as z.ZodType).safeParse(JSON.parse(job.payload));
    if (!parsed.success) {
      const error = new GiveUp(`The job's payload is not valid: ${parsed.error.message}`);
      await giveUp(kind, job, undefined, error.message);
      return { state: 'failed', error };
    }
    if (kind.everyMs !== undefined) return runRecurring(kind, kind.everyMs, job, parsed.data);
    if (job.attempts > maxAttempts) {
      const error = new GiveUp(`Gave up after ${maxAttempts} attempts.`);
      await giveUp(kind, job, parsed.data, error.message);
      return { state: 'failed', error };
    }
    try {
      await kind.handle(parsed.data, { attempts: job.attempts });
    } catch (error) {
      if (error instanceof WaitUntil) {
        if (error.holdsKind) heldUntil.set(kind.name, error.at.getTime());
        await jobs.markWaiting(job, error.at.toISOString());
        wakeAt(error.at.getTime());
        return { state: 'waiting', at: error.at };
      }
      const reason = reasonOf(error);
      const isGivingUp = error instanceof GiveUp || job.attempts >= maxAttempts;
      logger.warn(
        { job_id: job.id, kind: job.kind, attempt: job.attempts, reason, gave_up: isGivingUp },
        'background job not done',
      );
      if (isGivingUp) {
        const suffix = error instanceof GiveUp ? '' : ` (gave up after ${job.attempts} attempts)`;
        await giveUp(kind, job, parsed.data, `${reason}${suffix}`);
        return { state: 'failed', error };
      }
      const at = retryAt(kind, job, error);
      await kind.onRetry?.(parsed.data, reason, new Date(at));
      await jobs.markRetry(job, at, reason);
      wakeAt(Date.parse(at));
      return { state: 'retry', error };
    }
    await jobs.markDone(job);
    doneCount += 1;
    return { state: 'done' };
  }

  function leaseUntil(kindName: string): string {
    const leaseMs = kinds.get(kindName)?.policy.leaseMs ?? 60_000;
    return new Date(clock.now().getTime() + leaseMs).toISOString();
  }

  function kindsWithRoom(): string[] {
    const now = clock.now().getTime();
    return [...kinds.values()]
      .filter((kind) => (active.get(kind.name) ?? 0) < kind.policy.concurrency)
      .filter((kind) => (heldUntil.get(kind.name) ?? 0) <= now)
      .map((kind) => kind.name);
  }

  function start(job: ClaimedJob): Promise<void> {
    active.set(job.kind, (active.get(job.kind) ?? 0) + 1);
    return runHeld(job)
      .then(() => undefined)
      .catch((error: unknown) =>
        logger.error({ err: error, job_id: job.id, kind: job.kind }, 'background job crashed'),
      )
      .finally(() => active.set(job.kind, (active.get(job.kind) ?? 1) - 1));
  }

  /** Looks again at `atMs` (clock time), unless a look is due sooner or polling covers it. */
  function wakeAt(atMs: number): void {
    if (!isStarted || isStopped) return;
    const delay = Math.max(atMs - clock.now().getTime(), 1);
    if (delay >= options.pollMs) return;
    if (dueTimer && dueTimer.at <= atMs) return;
    if (dueTimer) clearTimeout(dueTimer.handle);
    const handle = setTimeout(() => {
      dueTimer = null;
      wake();
    }, delay);
    handle.unref();
    dueTimer = { at: atMs, handle };
  }

  /** After a look found nothing due: sleep until the next pending job is (another instance's). */
  async function wakeWhenDue(): Promise<void> {
    if (!isStarted || isStopped) return;
    const now = clock.now().getTime();
    // a held kind's jobs are looked at when its hold ends: wakeAt keeps only the earliest
    // time, so the hold's own wake-up may have been dropped for a sooner one that has passed
    for (const until of heldUntil.values()) if (until > now) wakeAt(until);
    const due = await jobs.nextDueAt(
      [...kinds.keys()].filter((name) => (heldUntil.get(name) ?? 0) <= now),
    );
    if (due) wakeAt(Date.parse(due));
  }

  /** Claims and runs due work until none is left; a wake-up during it looks again. */
  async function drain(): Promise<void> {
    const running = new Set<Promise<void>>();
    if (!isStopped) await ensureRecurring();
    for (;;) {
      isWakeQueued = false;
      const claimed = isStopped
        ? undefined
        : await jobs.claimNext(kindsWithRoom(), clock.now().toISOString(), leaseUntil);
      if (claimed) {
        const task = start(claimed).finally(() => running.delete(task));
        running.add(task);
        // let I/O in between claims (a database answering at once never leaves the microtasks)
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (running.size === 0 && !isWakeQueued) return wakeWhenDue();
      if (isWakeQueued) continue;
      await Promise.race([
        ...running,
        new Promise<void>((resolve) => {
          poke = resolve;
        }),
      ]);
      poke = null;
    }
  }

  function wake(): void {
    if (isStopped) return;
    if (draining) {
      isWakeQueued = true;
      poke?.();
      return;
    }
    draining = drain()
      .catch((error: unknown) => logger.error({ err: error }, 'job runner failed'))
      .finally(() => {
        draining = null;
      });
  }

  async function idle(): Promise<void> {
    while (draining) await draining;
  }

  return {
    wake,
    idle,
    runHeld,

    /** Adds a kind this runner claims and runs (before start: a kind's jobs wait for it). */
    register(kind: JobKind): void {
      if (kinds.has(kind.name)) throw new Error(`job kind ${kind.name} registered twice`);
      kinds.set(kind.name, kind);
    },

    /**
     * One look now, after any look already running; answers how many jobs were done meanwhile
     * (tests, and the CLI).
     */
    async drainOnce(): Promise<number> {
      const before = doneCount;
      await idle();
      wake();
      await idle();
      return doneCount - before;
    },

    /** Resumes what a previous run left (pending, or held by a worker that died) and polls. */
    start(log: Pick<FastifyBaseLogger, 'warn' | 'error'>): void {
      logger = log;
      isStarted = true;
      wake();
      timer = setInterval(wake, options.pollMs);
      timer.unref();
    },

    /** Stops claiming and waits for the jobs already running. */
    async stop(): Promise<void> {
      isStopped = true;
      if (timer) clearInterval(timer);
      if (dueTimer) clearTimeout(dueTimer.handle);
      poke?.();
      await idle();
    },
  };
}
