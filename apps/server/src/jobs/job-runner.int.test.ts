import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import type { BackgroundJobState } from '../db/schema.js';
import { TestClock } from '../../test-support/test-clock.js';
import {
  createTestStorage,
  type TestStorage,
  openTestDatabase,
} from '../../test-support/test-database.js';
import {
  GiveUp,
  RetryLater,
  WaitUntil,
  defineJobKind,
  defineRecurringJob,
  type JobKind,
  type JobPolicy,
} from './job-kind.js';
import { createJobRunner } from './job-runner.js';
import { createJobsRepository } from './jobs.repository.js';
import { createJobsRetention } from './jobs-retention.js';

/**
 * The runner's rules on the real database (both dialects: the claim is a conditional UPDATE
 * whose exclusivity is the database's, so it is tested where it runs): each job claimed once
 * across runners, a dead worker's lease taken over, retries with backoff, give-up.
 */

let storage: TestStorage;
let first: DatabaseHandle;
let second: DatabaseHandle;
const clock = new TestClock();

const POLICY: JobPolicy = {
  leaseMs: 60_000,
  maxAttempts: 3,
  backoffMs: 10_000,
  maxBackoffMs: 60_000,
  concurrency: 4,
};

beforeAll(async () => {
  storage = await createTestStorage();
  first = openTestDatabase(storage);
  await migrateToLatest(first.db, first.dialect);
  // a second connection (pool) to the same database: another process's view
  second = openTestDatabase(storage);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await storage?.cleanup();
});
beforeEach(async () => {
  await first.db.deleteFrom('background_jobs').execute();
});

/** A kind whose handler records each call and behaves as `behave` says for that call. */
function recordingKind(name: string, behave: (n: number, call: number) => Promise<void> | void) {
  const calls: Array<{ n: number; attempts: number }> = [];
  const givenUp: Array<{ n: number; reason: string }> = [];
  const kind = defineJobKind({
    name,
    payload: z.object({ n: z.number() }),
    policy: POLICY,
    keyOf: ({ n }) => `${name}:${n}`,
    async handle({ n }, job) {
      calls.push({ n, attempts: job.attempts });
      await behave(n, calls.filter((call) => call.n === n).length);
    },
    async onGiveUp({ n }, reason) {
      givenUp.push({ n, reason });
    },
  });
  return { kind, calls, givenUp };
}

function runnerOn(handle: DatabaseHandle, ...kinds: JobKind[]) {
  const runner = createJobRunner({ jobs: createJobsRepository(handle.db), clock });
  for (const kind of kinds) runner.register(kind);
  return runner;
}

async function enqueue(name: string, n: number, runAfter = clock.now()) {
  await createJobsRepository(first.db).enqueue(first.db, {
    kind: name,
    key: `${name}:${n}`,
    payload: { n },
    runAfter: runAfter.toISOString(),
    nowIso: clock.now().toISOString(),
  });
}

const rowsOf = (name: string) =>
  first.db
    .selectFrom('background_jobs')
    .select(['key', 'state', 'attempts', 'run_after', 'last_error'])
    .where('kind', '=', name)
    .orderBy('id')
    .execute();

describe('the job runner', () => {
  it('two runners on two connections claim each job exactly once', async () => {
    // each handler waits for the other runner's turn, so both really run at once
    const { kind, calls } = recordingKind('race', () => new Promise((r) => setImmediate(r)));
    for (let n = 0; n < 40; n++) await enqueue('race', n);
    const [a, b] = [runnerOn(first, kind), runnerOn(second, kind)];
    const done = await Promise.all([a.drainOnce(), b.drainOnce()]);
    expect(done[0] + done[1]).toBe(40);
    expect(calls.map((call) => call.n).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, n) => n),
    );
    expect((await rowsOf('race')).every((row) => row.state === 'done' && row.attempts === 1)).toBe(
      true,
    );
  });

  it('enqueueing the same key twice makes one job', async () => {
    await enqueue('once', 1);
    await enqueue('once', 1);
    expect(await rowsOf('once')).toHaveLength(1);
  });

  it("takes over a dead worker's job once its lease has run out, and only then", async () => {
    const { kind, calls } = recordingKind('lease', () => undefined);
    await enqueue('lease', 1);
    // a worker claims it and dies without a word
    const dead = await createJobsRepository(second.db).claimNext(
      ['lease'],
      clock.now().toISOString(),
      () => new Date(clock.now().getTime() + POLICY.leaseMs).toISOString(),
    );
    expect(dead).toMatchObject({ attempts: 1 });
    const runner = runnerOn(first, kind);
    expect(await runner.drainOnce()).toBe(0);
    expect(calls).toEqual([]);

    clock.advance(POLICY.leaseMs / 1000 + 1);
    expect(await runner.drainOnce()).toBe(1);
    expect(calls).toEqual([{ n: 1, attempts: 2 }]);
    // the dead worker, were it only slow, can no longer overwrite what the new holder recorded
    await createJobsRepository(second.db).markRetry(dead!, clock.now().toISOString(), 'late');
    expect(await rowsOf('lease')).toEqual([
      expect.objectContaining({ state: 'done', attempts: 2, last_error: null }),
    ]);
  });

  it('retries a failed job with doubling backoff, then gives up after its attempts', async () => {
    const { kind, calls, givenUp } = recordingKind('flaky', () => {
      throw new Error('the far side is down');
    });
    await enqueue('flaky', 7);
    const runner = runnerOn(first, kind);

    const start = clock.now().getTime();
    expect(await runner.drainOnce()).toBe(0);
    let [row] = await rowsOf('flaky');
    expect(row).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'the far side is down',
    });
    expect(Date.parse(row!.run_after) - start).toBeGreaterThanOrEqual(POLICY.backoffMs);
    expect(Date.parse(row!.run_after) - start).toBeLessThan(POLICY.backoffMs + 5000);

    clock.advance(POLICY.backoffMs / 1000 - 1); // not due yet
    expect(await runner.drainOnce()).toBe(0);
    expect(calls).toHaveLength(1);

    clock.advance(2);
    const second = clock.now().getTime();
    await runner.drainOnce();
    [row] = await rowsOf('flaky');
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    // the second wait is twice the first
    expect(Date.parse(row!.run_after) - second).toBeGreaterThanOrEqual(2 * POLICY.backoffMs);
    expect(Date.parse(row!.run_after) - second).toBeLessThan(2 * POLICY.backoffMs + 5000);

    clock.advance((2 * POLICY.backoffMs) / 1000 + 1);
    await runner.drainOnce();
    expect(calls.map((call) => call.attempts)).toEqual([1, 2, 3]);
    expect(await rowsOf('flaky')).toEqual([
      expect.objectContaining({
        state: 'failed',
        last_error: 'the far side is down (gave up after 3 attempts)',
      }),
    ]);
    expect(givenUp).toEqual([{ n: 7, reason: 'the far side is down (gave up after 3 attempts)' }]);
  });

  it('a job that recovers on a retry is done, and one that can never be done fails at once', async () => {
    const { kind, calls, givenUp } = recordingKind('mixed', (n, call) => {
      if (n === 1 && call === 1)
        throw new RetryLater('busy', new Date(clock.now().getTime() + 5000));
      if (n === 2) throw new GiveUp('no such address');
    });
    await enqueue('mixed', 1);
    await enqueue('mixed', 2);
    const runner = runnerOn(first, kind);
    expect(await runner.drainOnce()).toBe(0);
    clock.advance(6);
    expect(await runner.drainOnce()).toBe(1);
    expect(calls).toEqual([
      { n: 1, attempts: 1 },
      { n: 2, attempts: 1 },
      { n: 1, attempts: 2 },
    ]);
    expect(await rowsOf('mixed')).toEqual([
      expect.objectContaining({ state: 'done', attempts: 2 }),
      expect.objectContaining({ state: 'failed', attempts: 1, last_error: 'no such address' }),
    ]);
    expect(givenUp).toEqual([{ n: 2, reason: 'no such address' }]);
  });

  it('a payload its schema refuses fails with the reason, and the handler never sees it', async () => {
    const { kind, calls } = recordingKind('typed', () => undefined);
    await createJobsRepository(first.db).enqueue(first.db, {
      kind: 'typed',
      key: 'typed:bad',
      payload: { n: 'seven' },
      runAfter: clock.now().toISOString(),
      nowIso: clock.now().toISOString(),
    });
    await runnerOn(first, kind).drainOnce();
    expect(calls).toEqual([]);
    const [row] = await rowsOf('typed');
    expect(row!.state).toBe('failed');
    expect(row!.last_error).toMatch(/^The job's payload is not valid/);
  });

  it('a wait for a slot spends no attempt: the job runs at its time and still has all its tries', async () => {
    // waits five times (more than its 3 attempts), then fails for real three times
    const { kind, calls, givenUp } = recordingKind('patient', (_n, call) => {
      if (call <= 5) throw new WaitUntil(new Date(clock.now().getTime() + 2000));
      throw new Error('the far side is down');
    });
    await enqueue('patient', 3);
    const runner = runnerOn(first, kind);
    for (let wait = 1; wait <= 5; wait++) {
      const start = clock.now().getTime();
      await runner.drainOnce();
      const [row] = await rowsOf('patient');
      expect(row).toMatchObject({ state: 'pending', attempts: 0, last_error: null });
      expect(Date.parse(row!.run_after) - start).toBeGreaterThanOrEqual(2000);
      expect(Date.parse(row!.run_after) - start).toBeLessThan(3000);
      // not before its time
      clock.advance(1);
      expect(await runner.drainOnce()).toBe(0);
      expect(calls).toHaveLength(wait);
      clock.advance(1);
    }
    // every call saw the first attempt until the work was really tried
    expect(calls.map((call) => call.attempts)).toEqual([1, 1, 1, 1, 1]);
    for (let retry = 0; retry < 3; retry++) {
      await runner.drainOnce();
      clock.advance(POLICY.maxBackoffMs / 1000);
    }
    expect(calls.map((call) => call.attempts)).toEqual([1, 1, 1, 1, 1, 1, 2, 3]);
    expect(givenUp).toEqual([{ n: 3, reason: 'the far side is down (gave up after 3 attempts)' }]);
  });

  it('a worker that waited, or whose job was taken over, cannot overwrite the next holder', async () => {
    const { kind } = recordingKind('token', () => {
      throw new WaitUntil(new Date(clock.now().getTime() + 1000));
    });
    await enqueue('token', 1);
    const repository = createJobsRepository(second.db);
    const lease = () => new Date(clock.now().getTime() + POLICY.leaseMs).toISOString();
    // a slow worker holds the job; its lease runs out and a runner takes it over, then waits
    const slow = await repository.claimNext(['token'], clock.now().toISOString(), lease);
    clock.advance(POLICY.leaseMs / 1000 + 1);
    await runnerOn(first, kind).drainOnce();
    expect(await rowsOf('token')).toEqual([
      expect.objectContaining({ state: 'pending', attempts: 1 }),
    ]);
    // the job is claimed again (token 2); the slow worker's token 1 matches nothing running
    clock.advance(2);
    const next = await repository.claimNext(['token'], clock.now().toISOString(), lease);
    expect(next).toMatchObject({ attempts: 2 });
    await repository.markDone(slow!);
    await repository.markWaiting(slow!, clock.now().toISOString());
    expect(await rowsOf('token')).toEqual([
      expect.objectContaining({ state: 'running', attempts: 2 }),
    ]);
    await repository.markDone(next!);
    expect(await rowsOf('token')).toEqual([
      expect.objectContaining({ state: 'done', attempts: 2 }),
    ]);
  });

  it('started, it looks again by itself when a wait or a retry is due, before its poll', async () => {
    let calls = 0;
    const kind = defineJobKind({
      name: 'soon',
      payload: z.object({ n: z.number() }),
      policy: POLICY,
      keyOf: ({ n }) => `soon:${n}`,
      async handle() {
        calls += 1;
        // a wait of 50 ms on the real clock; the runner polls only every minute
        if (calls === 1) throw new WaitUntil(new Date(Date.now() + 50));
      },
    });
    const runner = createJobRunner({
      jobs: createJobsRepository(first.db),
      clock: { now: () => new Date() },
      options: { pollMs: 60_000 },
    });
    runner.register(kind);
    await createJobsRepository(first.db).enqueue(first.db, {
      kind: 'soon',
      key: 'soon:1',
      payload: { n: 1 },
      runAfter: new Date().toISOString(),
      nowIso: new Date().toISOString(),
    });
    runner.start({ warn: () => {}, error: () => {} });
    try {
      await vi.waitFor(async () => expect((await rowsOf('soon'))[0]?.state).toBe('done'), {
        timeout: 5000,
      });
      expect(calls).toBe(2);
    } finally {
      await runner.stop();
    }
  });

  it('a kind held after a sooner wake-up was set still runs when its hold ends, before the poll', async () => {
    // one at a time: job 1 waits 50 ms (the runner's wake-up), then job 2 holds the whole kind
    // for 300 ms; the hold's wake-up comes after the sooner one, which finds the kind held
    const calls: number[] = [];
    const kind = defineJobKind({
      name: 'held',
      payload: z.object({ n: z.number() }),
      policy: { ...POLICY, concurrency: 1 },
      keyOf: ({ n }) => `held:${n}`,
      async handle({ n }) {
        calls.push(n);
        if (calls.filter((c) => c === n).length > 1) return;
        if (n === 1) throw new WaitUntil(new Date(Date.now() + 50));
        throw new WaitUntil(new Date(Date.now() + 300), true);
      },
    });
    const runner = createJobRunner({
      jobs: createJobsRepository(first.db),
      clock: { now: () => new Date() },
      options: { pollMs: 60_000 },
    });
    runner.register(kind);
    const repository = createJobsRepository(first.db);
    const nowIso = new Date().toISOString();
    for (const n of [1, 2]) {
      await repository.enqueue(first.db, {
        kind: 'held',
        key: `held:${n}`,
        payload: { n },
        runAfter: nowIso,
        nowIso,
      });
    }
    runner.start({ warn: () => {}, error: () => {} });
    try {
      await vi.waitFor(
        async () =>
          expect((await rowsOf('held')).map((row) => row.state)).toEqual(['done', 'done']),
        { timeout: 5000 },
      );
      expect(calls.slice(0, 2)).toEqual([1, 2]);
      expect((await rowsOf('held')).map((row) => row.attempts)).toEqual([1, 1]);
    } finally {
      await runner.stop();
    }
  });
});

describe('recurring jobs', () => {
  const EVERY_MS = 60_000;

  /** A sweep that counts its runs; `fail` makes a run throw. */
  function countingSweep(name: string, fail: (run: number) => boolean = () => false) {
    let runs = 0;
    const kind = defineRecurringJob({
      name,
      everyMs: EVERY_MS,
      leaseMs: 30_000,
      async run() {
        runs += 1;
        await new Promise((resolve) => setImmediate(resolve));
        if (fail(runs)) throw new Error(`run ${runs} failed`);
      },
    });
    return { kind, runs: () => runs };
  }

  it('two instances run a recurring job once per period between them', async () => {
    const sweep = countingSweep('sweep.once');
    const [a, b] = [runnerOn(first, sweep.kind), runnerOn(second, sweep.kind)];
    for (let period = 1; period <= 4; period++) {
      // each instance looks several times in the period
      await Promise.all([a.drainOnce(), b.drainOnce()]);
      await Promise.all([a.drainOnce(), b.drainOnce()]);
      expect(sweep.runs()).toBe(period);
      clock.advance(EVERY_MS / 2000);
      await Promise.all([a.drainOnce(), b.drainOnce()]);
      expect(sweep.runs()).toBe(period);
      clock.advance(EVERY_MS / 2000 + 1);
    }
    expect(await rowsOf('sweep.once')).toEqual([
      expect.objectContaining({
        key: 'sweep.once',
        state: 'pending',
        attempts: 0,
        last_error: null,
      }),
    ]);
  });

  it('a failed run waits for its next period, keeps the reason, and never gives up', async () => {
    const sweep = countingSweep('sweep.flaky', (run) => run <= 3);
    const runner = runnerOn(first, sweep.kind);
    for (let period = 1; period <= 3; period++) {
      await runner.drainOnce();
      expect(await rowsOf('sweep.flaky')).toEqual([
        expect.objectContaining({
          state: 'pending',
          attempts: 0,
          last_error: `run ${period} failed`,
        }),
      ]);
      await runner.drainOnce();
      expect(sweep.runs()).toBe(period);
      clock.advance(EVERY_MS / 1000 + 1);
    }
    await runner.drainOnce();
    expect(sweep.runs()).toBe(4);
    expect(await rowsOf('sweep.flaky')).toEqual([
      expect.objectContaining({ state: 'pending', attempts: 0, last_error: null }),
    ]);
  });

  it('an instance that died mid-run has its run taken over once its lease ends', async () => {
    const sweep = countingSweep('sweep.takeover');
    await createJobsRepository(second.db).ensure({
      kind: 'sweep.takeover',
      key: 'sweep.takeover',
      payload: {},
      runAfter: clock.now().toISOString(),
      nowIso: clock.now().toISOString(),
    });
    await createJobsRepository(second.db).claimNext(
      ['sweep.takeover'],
      clock.now().toISOString(),
      () => new Date(clock.now().getTime() + 30_000).toISOString(),
    );
    const runner = runnerOn(first, sweep.kind);
    await runner.drainOnce();
    expect(sweep.runs()).toBe(0);
    clock.advance(31);
    await runner.drainOnce();
    expect(sweep.runs()).toBe(1);
    expect(await rowsOf('sweep.takeover')).toEqual([
      expect.objectContaining({ state: 'pending', attempts: 1 }),
    ]);
  });

  it('the retention job deletes finished jobs past their days, and nothing still to run', async () => {
    const daysAgo = (days: number) =>
      new Date(clock.now().getTime() - days * 24 * 3600_000 - 60_000).toISOString();
    const row = (key: string, state: BackgroundJobState, days: number) => ({
      kind: 'old',
      key,
      payload: '{}',
      state,
      run_after: daysAgo(days),
      created_on: daysAgo(days),
    });
    await first.db
      .insertInto('background_jobs')
      .values([
        row('done-8', 'done', 8),
        row('done-6', 'done', 6),
        row('failed-31', 'failed', 31),
        row('failed-29', 'failed', 29),
        row('pending-40', 'pending', 40),
        row('running-40', 'running', 40),
      ])
      .execute();
    const jobs = createJobsRepository(first.db);
    const runner = createJobRunner({ jobs, clock });
    runner.register(createJobsRetention(jobs, clock));
    await runner.drainOnce();
    const keys = (await first.db.selectFrom('background_jobs').select('key').execute()).map(
      (r) => r.key,
    );
    expect(keys.sort()).toEqual([
      'done-6',
      'failed-29',
      'jobs.retention',
      'pending-40',
      'running-40',
    ]);
  });
});
