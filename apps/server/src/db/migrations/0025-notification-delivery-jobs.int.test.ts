import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPayload } from '../../modules/notifications/notification-delivery-keys.js';
import {
  createTestStorage,
  type TestStorage,
  openTestDatabase,
} from '../../../test-support/test-database.js';
import type { DatabaseHandle } from '../database.js';
import { migrateToLatest } from '../migrator.js';
import { MIGRATIONS } from './index.js';

/**
 * Upgrading to outbox delivery on the job runner loses no message waiting: each pending row
 * (and one left `sending`, which its handler then fails as interrupted) gets its job, due when
 * the row was. Both dialects: the migration builds keys and payloads with SQL of its own.
 */

let storage: TestStorage;
let handle: DatabaseHandle;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as before 0025
let db: Kysely<any>;

beforeAll(async () => {
  storage = await createTestStorage();
  handle = openTestDatabase(storage);
  db = handle.db as unknown as typeof db;
  // the migrations before this one, each in its transaction as the migrator runs them
  const before = Object.fromEntries(
    Object.entries(MIGRATIONS).filter(([name]) => name < '0025-notification-delivery-jobs'),
  );
  await migrateToLatest(handle.db, handle.dialect, before);
});
afterAll(async () => {
  await handle?.close();
  await storage?.cleanup();
});

const NOW = '2026-01-01T10:00:00.000Z';
const LATER = '2026-01-01T10:05:00.000Z';

describe('migration 0025', () => {
  it('gives every outbox row still to go a delivery job, and none to a finished one', async () => {
    const { id: userId } = await db
      .insertInto('users')
      .values({ username: 'ada', email: 'ada@example.com', password_hash: 'x', created_on: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (key: string, state: string, nextAttemptOn = NOW) => ({
      idempotency_key: key,
      channel: 'telegram',
      kind: 'print_done',
      user_id: userId,
      rate_key: 'telegram:1',
      payload: '{}',
      state,
      attempts: state === 'pending' ? 0 : 1,
      next_attempt_on: nextAttemptOn,
      created_on: NOW,
    });
    await db
      .insertInto('notification_outbox')
      .values([
        row(`print_job:1:print_done:${userId}:telegram`, 'pending'),
        row(`print_job:2:print_done:${userId}:telegram`, 'pending', LATER),
        row(`print_job:3:print_done:${userId}:telegram`, 'sending'),
        row(`print_job:4:print_done:${userId}:telegram`, 'sent'),
        row(`print_job:5:print_done:${userId}:telegram`, 'failed'),
        { ...row(`print_job:6:video_failed:${userId}:email`, 'pending'), channel: 'email' },
      ])
      .execute();

    await MIGRATIONS['0025-notification-delivery-jobs']!.up(db, handle.dialect);

    const jobs = await db
      .selectFrom('background_jobs')
      .select(['kind', 'key', 'payload', 'state', 'attempts', 'run_after'])
      .orderBy('key')
      .execute();
    const keys = [1, 2, 3]
      .map((n) => `print_job:${n}:print_done:${userId}:telegram`)
      .concat(`print_job:6:video_failed:${userId}:email`);
    expect(jobs.map(({ payload: _payload, ...job }) => job)).toEqual(
      keys.map((key, i) => ({
        kind: i < 3 ? 'notification.telegram' : 'notification.deliver',
        key: `notification.deliver:${key}`,
        state: 'pending',
        attempts: 0,
        run_after: i === 1 ? LATER : NOW,
      })),
    );
    expect(jobs.map((job) => deliverPayload.parse(JSON.parse(job.payload as string)))).toEqual(
      keys.map((key) => ({ key })),
    );
  });
});
