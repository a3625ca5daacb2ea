import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrator.js';
import { createJobRunner } from '../../jobs/job-runner.js';
import { createJobsRepository } from '../../jobs/jobs.repository.js';
import { TestClock } from '../../../test-support/test-clock.js';
import {
  createTestStorage,
  type TestStorage,
  openTestDatabase,
} from '../../../test-support/test-database.js';
import { TelegramRateLimiter } from '../telegram/telegram-rate-limit.js';
import type { ChannelSender } from './channel-senders.js';
import { DeliveryError } from './delivery-error.js';
import { createNotificationDeliveryJobs } from './notification-delivery-job.js';
import {
  NOTIFICATION_CHAT,
  NOTIFICATION_DELIVER,
  NOTIFICATION_TELEGRAM,
} from './notification-delivery-keys.js';
import { createOutboxRepository, type OutboxEntry } from './notification-outbox.repository.js';

/**
 * The outbox delivered by the job runner, on the real database (both dialects: the claim is a
 * conditional UPDATE whose exclusivity is the database's): each message once across two
 * instances, a Telegram chat's slot waited for without spending an attempt, a message cut off
 * mid-send never sent again, retries and giving up recorded on the row.
 */

let storage: TestStorage;
let first: DatabaseHandle;
let second: DatabaseHandle;
let userId: number;
const clock = new TestClock();

beforeAll(async () => {
  storage = await createTestStorage();
  first = openTestDatabase(storage);
  await migrateToLatest(first.db, first.dialect);
  second = openTestDatabase(storage);
  userId = (
    await first.db
      .insertInto('users')
      .values({
        username: 'member',
        email: 'member@example.com',
        password_hash: 'x',
        is_admin: 0,
        created_on: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await storage?.cleanup();
});
beforeEach(async () => {
  await first.db.deleteFrom('background_jobs').execute();
  await first.db.deleteFrom('notification_outbox').execute();
});

/** A channel that records each message it sends, and fails as `fail` says for a call. */
function recordingSender(
  fail: (event: string, call: number) => Error | undefined = () => undefined,
) {
  const sent: string[] = [];
  const calls: string[] = [];
  const sender: ChannelSender = {
    async deliver(row) {
      const event = String(JSON.parse(row.payload).job_id);
      calls.push(event);
      await new Promise((resolve) => setImmediate(resolve));
      const error = fail(event, calls.filter((call) => call === event).length);
      if (error) throw error;
      sent.push(event);
    },
  };
  return { sender, sent, calls };
}

/** One instance: its own runner, rate limiter and connection. */
function instance(
  handle: DatabaseHandle,
  sender: ChannelSender,
  maxAttempts = 3,
  telegramLimiter = new TelegramRateLimiter(),
) {
  const jobs = createJobsRepository(handle.db);
  const runner = createJobRunner({ jobs, clock });
  const kinds = createNotificationDeliveryJobs({
    outbox: createOutboxRepository(handle.db, jobs),
    senders: { telegram: sender, email: sender },
    telegramLimiter,
    clock,
    options: { backoffSeconds: 10, maxAttempts },
  });
  for (const kind of kinds) runner.register(kind);
  return runner;
}

async function enqueue(jobIds: number[], channel: 'telegram' | 'email', chat = (n: number) => n) {
  const entries: OutboxEntry[] = jobIds.map((jobId) => ({
    event: `print_job:${jobId}`,
    kind: 'print_done',
    channel,
    userId,
    workspaceId: null,
    rateKey: `${channel}:${chat(jobId)}`,
    payload: { workspace_name: 'Farm', job_id: jobId },
  }));
  const jobs = createJobsRepository(first.db);
  await first.db
    .transaction()
    .execute((trx) =>
      createOutboxRepository(first.db, jobs).insertEntries(trx, entries, clock.now().toISOString()),
    );
}

const outbox = () =>
  first.db
    .selectFrom('notification_outbox')
    .select(['idempotency_key', 'state', 'attempts', 'last_error'])
    .orderBy('id')
    .execute();

const deliveryJobs = () =>
  first.db
    .selectFrom('background_jobs')
    .select(['key', 'state', 'attempts'])
    .where('kind', 'in', [NOTIFICATION_DELIVER, NOTIFICATION_TELEGRAM, NOTIFICATION_CHAT])
    .orderBy('id')
    .execute();

describe('the notification outbox on the job runner', () => {
  it('writes each row with its delivery job; the same event twice adds neither again', async () => {
    await enqueue([1, 2], 'email');
    await enqueue([1], 'email');
    expect(await outbox()).toHaveLength(2);
    expect(await deliveryJobs()).toEqual([
      {
        key: `${NOTIFICATION_DELIVER}:print_job:1:print_done:${userId}:email`,
        state: 'pending',
        attempts: 0,
      },
      {
        key: `${NOTIFICATION_DELIVER}:print_job:2:print_done:${userId}:email`,
        state: 'pending',
        attempts: 0,
      },
    ]);
  });

  it('two instances on two connections send each message exactly once', async () => {
    const { sender, sent } = recordingSender();
    // 24 chats: under Telegram's 30 a second, so no message waits for a slot
    const events = Array.from({ length: 24 }, (_, n) => n + 1);
    await enqueue(events, 'telegram');
    const done = await Promise.all([
      instance(first, sender).drainOnce(),
      instance(second, sender).drainOnce(),
    ]);
    expect(done[0] + done[1]).toBe(24);
    expect(sent.map(Number).sort((a, b) => a - b)).toEqual(events);
    expect((await outbox()).every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
  });

  it("waits for a Telegram chat's next slot without spending an attempt", async () => {
    const { sender, sent } = recordingSender();
    // three messages to one chat: one a second
    await enqueue([1, 2, 3], 'telegram', () => 42);
    const runner = instance(first, sender, 1);
    await runner.drainOnce();
    expect(sent).toEqual(['1']);
    let jobs = await deliveryJobs();
    expect(jobs.map((job) => [job.state, job.attempts])).toEqual([
      ['done', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
    clock.advance(1.1);
    await runner.drainOnce();
    clock.advance(1.1);
    await runner.drainOnce();
    expect(sent).toEqual(['1', '2', '3']);
    // with one attempt allowed, each still went: the waits cost none
    jobs = await deliveryJobs();
    expect(jobs.map((job) => [job.state, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 1],
    ]);
    expect((await outbox()).map((row) => [row.state, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('a full second of Telegram holds Telegram messages only; the rest go next second', async () => {
    const { sender, sent } = recordingSender();
    // Telegram's rule with 5 a second instead of 30, so the second cannot pass mid-test
    await enqueue([1, 2, 3, 4, 5, 6, 7, 8], 'telegram');
    await enqueue([100], 'email');
    const limiter = new TelegramRateLimiter({ perSecond: 5, perChatIntervalMs: 1000 });
    const runner = instance(first, sender, 1, limiter);
    await runner.drainOnce();
    expect(sent).toHaveLength(6);
    expect(sent).toContain('100');
    const waiting = (await deliveryJobs()).filter((job) => job.state === 'pending');
    expect(waiting).toHaveLength(3);
    expect(waiting.every((job) => job.attempts === 0)).toBe(true);
    clock.advance(1.1);
    await runner.drainOnce();
    expect(sent).toHaveLength(9);
    expect(new Set(sent).size).toBe(9);
  });

  it('retries with backoff, keeping the reason on the row, and gives up after its attempts', async () => {
    const { sender, sent, calls } = recordingSender((event, call) =>
      event === '1' && call === 1
        ? new DeliveryError(true, 'SMTP: 421 try later')
        : event === '2'
          ? new DeliveryError(true, 'ECONNREFUSED: no mail server')
          : event === '3'
            ? new DeliveryError(false, 'SMTP: 550 no such mailbox')
            : undefined,
    );
    await enqueue([1, 2, 3], 'email');
    const runner = instance(first, sender, 3);
    await runner.drainOnce();
    expect(await outbox()).toEqual([
      expect.objectContaining({ state: 'pending', attempts: 1, last_error: 'SMTP: 421 try later' }),
      expect.objectContaining({ state: 'pending', attempts: 1 }),
      expect.objectContaining({
        state: 'failed',
        attempts: 1,
        last_error: 'SMTP: 550 no such mailbox',
      }),
    ]);
    for (let look = 0; look < 3; look++) {
      clock.advance(60);
      await runner.drainOnce();
    }
    expect(sent).toEqual(['1']);
    expect(calls.filter((event) => event === '2')).toHaveLength(3);
    expect(calls.filter((event) => event === '3')).toHaveLength(1);
    expect((await outbox()).map((row) => [row.state, row.attempts, row.last_error])).toEqual([
      ['sent', 2, null],
      ['failed', 3, 'ECONNREFUSED: no mail server (gave up after 3 attempts)'],
      ['failed', 1, 'SMTP: 550 no such mailbox'],
    ]);
  });

  it('a message cut off mid-send (its worker died) is never sent again, and says why', async () => {
    const { sender, sent } = recordingSender();
    await enqueue([1], 'email');
    // a worker claims the job, marks the row on its way, and dies before the answer
    const dead = createJobsRepository(second.db);
    const held = await dead.claimNext([NOTIFICATION_DELIVER], clock.now().toISOString(), () =>
      new Date(clock.now().getTime() + 300_000).toISOString(),
    );
    expect(held).toBeDefined();
    const [row] = await first.db.selectFrom('notification_outbox').select('id').execute();
    expect(await createOutboxRepository(second.db, dead).claim(row!.id, 'lease')).toBe(true);

    const runner = instance(first, sender);
    expect(await runner.drainOnce()).toBe(0);
    clock.advance(301);
    expect(await runner.drainOnce()).toBe(1);
    expect(sent).toEqual([]);
    expect(await outbox()).toEqual([
      expect.objectContaining({
        state: 'failed',
        last_error:
          'Interrupted while sending (server stopped); not repeated to avoid a duplicate.',
      }),
    ]);
  });

  it('a slow chat channel holds two deliveries at most; its others wait, another channel goes', async () => {
    const insertChannel = async (name: string) =>
      (
        await first.db
          .insertInto('notification_channels')
          .values({
            user_id: userId,
            kind: 'ntfy',
            name,
            url: 'https://ntfy.example.com',
            topic: name,
            token_sealed: null,
            events: '[]',
            created_on: clock.now().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const slow = await insertChannel('slow');
    const fast = await insertChannel('fast');
    const entry = (jobId: number, channelId: number): OutboxEntry => ({
      event: `print_job:${jobId}`,
      kind: 'print_done',
      channel: 'ntfy',
      chatChannelId: channelId,
      userId,
      workspaceId: null,
      rateKey: `ntfy:${channelId}`,
      payload: { workspace_name: 'Farm', job_id: jobId },
    });
    const entries = [1, 2, 3, 4, 5].map((n) => entry(n, slow)).concat(entry(100, fast));
    const jobs = createJobsRepository(first.db);
    await first.db
      .transaction()
      .execute((trx) =>
        createOutboxRepository(first.db, jobs).insertEntries(
          trx,
          entries,
          clock.now().toISOString(),
        ),
      );
    // the slow service answers only when the test lets it
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const onTheirWay = new Map<number, number>();
    let mostAtOnce = 0;
    const sent: string[] = [];
    const sender: ChannelSender = {
      async deliver(row) {
        const channel = row.notification_channel_id!;
        onTheirWay.set(channel, (onTheirWay.get(channel) ?? 0) + 1);
        if (channel === slow) mostAtOnce = Math.max(mostAtOnce, onTheirWay.get(channel)!);
        if (channel === slow) await gate;
        onTheirWay.set(channel, onTheirWay.get(channel)! - 1);
        sent.push(String(JSON.parse(row.payload).job_id));
      },
    };
    const runner = createJobRunner({ jobs, clock });
    for (const kind of createNotificationDeliveryJobs({
      outbox: createOutboxRepository(first.db, jobs),
      senders: { ntfy: sender },
      telegramLimiter: new TelegramRateLimiter(),
      clock,
      options: { maxAttempts: 1 },
    }))
      runner.register(kind);

    const draining = runner.drainOnce();
    await vi.waitFor(() => expect(sent).toEqual(['100']));
    await vi.waitFor(() => expect(onTheirWay.get(slow)).toBe(2));
    letGo();
    await draining;
    expect(mostAtOnce).toBe(2);
    expect(sent).toHaveLength(3);
    // the three that found the channel busy wait their turn: no attempt spent
    const waiting = (await deliveryJobs()).filter((job) => job.state === 'pending');
    expect(waiting).toHaveLength(3);
    expect(waiting.every((job) => job.attempts === 0)).toBe(true);
    clock.advance(1.1);
    await runner.drainOnce();
    clock.advance(1.1);
    await runner.drainOnce();
    expect(sent.sort()).toEqual(['1', '100', '2', '3', '4', '5']);
    expect(mostAtOnce).toBe(2);
    expect((await outbox()).every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
  });
});
