import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

type Executor = Db | Transaction<Database>;

/** A job this worker holds: `attempts` is the claim's token (a takeover raises it). */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
}

interface NewJob {
  kind: string;
  key: string;
  payload: unknown;
  runAfter: string;
  nowIso: string;
}

function pendingRowOf(job: NewJob) {
  return {
    kind: job.kind,
    key: job.key,
    payload: JSON.stringify(job.payload),
    state: 'pending' as const,
    run_after: job.runAfter,
    created_on: job.nowIso,
  };
}

/**
 * The job table. A job is claimed with one conditional UPDATE (pending and due, or running with
 * an expired lease: its worker died), so two workers — in one process or two instances — never
 * hold the same job; every later update names the claim's attempt, so a worker whose job was
 * taken over cannot overwrite what the new holder records.
 */
export function createJobsRepository(db: Db) {
  return {
    /** Writes a job, in the caller's transaction; one with the same key stays as it is. */
    async enqueue(executor: Executor, job: NewJob): Promise<void> {
      await executor
        .insertInto('background_jobs')
        .values(pendingRowOf(job))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },

    /** Writes several jobs in one statement per 500 (an event's fan-out); known keys stay. */
    async enqueueMany(executor: Executor, jobs: NewJob[]): Promise<void> {
      for (let i = 0; i < jobs.length; i += 500) {
        await executor
          .insertInto('background_jobs')
          .values(jobs.slice(i, i + 500).map(pendingRowOf))
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
      }
    },

    /**
     * Writes a job already held by the caller (it does the first attempt itself, e.g. in the
     * request); if the caller dies, the lease runs out and a worker takes the job over.
     */
    async enqueueClaimed(
      executor: Executor,
      job: NewJob & { leaseUntil: string },
    ): Promise<ClaimedJob> {
      const row = await executor
        .insertInto('background_jobs')
        .values({
          kind: job.kind,
          key: job.key,
          payload: JSON.stringify(job.payload),
          state: 'running',
          attempts: 1,
          run_after: job.runAfter,
          lease_until: job.leaseUntil,
          created_on: job.nowIso,
        })
        .returning(['id', 'kind', 'payload', 'attempts'])
        .executeTakeFirstOrThrow();
      return row;
    },

    /** Takes the next due job of one of these kinds; undefined when there is none. */
    async claimNext(
      kinds: string[],
      now: string,
      leaseUntil: (kind: string) => string,
    ): Promise<ClaimedJob | undefined> {
      if (kinds.length === 0) return undefined;
      for (let tries = 0; tries < 5; tries++) {
        const candidate = await db
          .selectFrom('background_jobs')
          .select(['id', 'kind'])
          .where('kind', 'in', kinds)
          .where(isClaimable(now))
          .orderBy('run_after')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return undefined;
        const claimed = await db
          .updateTable('background_jobs')
          .set((eb) => ({
            state: 'running',
            lease_until: leaseUntil(candidate.kind),
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', '=', candidate.id)
          .where(isClaimable(now))
          .returning(['id', 'kind', 'payload', 'attempts'])
          .executeTakeFirst();
        if (claimed) return claimed;
      }
      return undefined;
    },

    /** The earliest time a pending job becomes due, to sleep until then. */
    async nextDueAt(kinds: string[]): Promise<string | undefined> {
      if (kinds.length === 0) return undefined;
      const row = await db
        .selectFrom('background_jobs')
        .select((eb) => eb.fn.min('run_after').as('due'))
        .where('kind', 'in', kinds)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return row?.due ?? undefined;
    },

    async markDone(job: ClaimedJob, executor: Executor = db): Promise<void> {
      await held(executor, job)
        .set({ state: 'done', lease_until: null, last_error: null })
        .execute();
    },

    async markRetry(job: ClaimedJob, runAfter: string, reason: string): Promise<void> {
      await held(db, job)
        .set({ state: 'pending', run_after: runAfter, lease_until: null, last_error: reason })
        .execute();
    },

    /**
     * Puts a held job back to run at `runAfter` without spending the attempt its claim counted
     * (it waited for a slot, nothing was tried). The claim token goes back by one while the job
     * is pending; the next claim raises it to this claim's value again, whose only other holder
     * is this worker, done with it. A worker the job was taken from holds a lower value, which
     * a running job never has again.
     */
    async markWaiting(job: ClaimedJob, runAfter: string, reason?: string | null): Promise<void> {
      await held(db, job)
        .set((eb) => ({
          state: 'pending',
          run_after: runAfter,
          lease_until: null,
          attempts: eb('attempts', '-', 1),
          ...(reason !== undefined ? { last_error: reason } : {}),
        }))
        .execute();
    },

    /** Makes a job unless one with its key is there (a recurring kind's one row). */
    async ensure(job: NewJob): Promise<void> {
      await this.enqueue(db, job);
    },

    /** Deletes jobs done before `doneBefore` and failed before `failedBefore` (by creation). */
    async deleteFinished(doneBefore: string, failedBefore: string): Promise<number> {
      const result = await db
        .deleteFrom('background_jobs')
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'done'), eb('created_on', '<', doneBefore)]),
            eb.and([eb('state', '=', 'failed'), eb('created_on', '<', failedBefore)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async markFailed(job: ClaimedJob, reason: string): Promise<void> {
      await held(db, job).set({ state: 'failed', lease_until: null, last_error: reason }).execute();
    },

    /** Moves a pending job's start to now (the work it waited for is there early). */
    async hurry(key: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('background_jobs')
        .set({ run_after: now })
        .where('key', '=', key)
        .where('state', '=', 'pending')
        .where('run_after', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Drops a job whose subject is gone (a deleted video, a withdrawn invitation). */
    async remove(executor: Executor, key: string): Promise<void> {
      await executor.deleteFrom('background_jobs').where('key', '=', key).execute();
    },
  };
}

/** Pending and due, or running past its lease (its worker died). */
const isClaimable = (now: string) => (eb: ExpressionBuilder<Database, 'background_jobs'>) =>
  eb.or([
    eb.and([eb('state', '=', 'pending'), eb('run_after', '<=', now)]),
    eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
  ]);

/** An update of a job this claim still holds (not taken over since). */
function held(executor: Executor, job: ClaimedJob) {
  return executor
    .updateTable('background_jobs')
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('attempts', '=', job.attempts);
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
