import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database.js';
import {
  createTestStorage,
  type TestStorage,
  openTestDatabase,
} from '../../../test-support/test-database.js';
import { MIGRATIONS } from './index.js';

/**
 * Upgrading to the one job table loses nothing waiting: the encode queue's rows and the
 * invitation mails still pending or being sent become jobs, a held one keeping its lease.
 * Both dialects: the migration copies rows with SQL of its own.
 */

let storage: TestStorage;
let handle: DatabaseHandle;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as before 0019
let db: Kysely<any>;

beforeAll(async () => {
  storage = await createTestStorage();
  handle = openTestDatabase(storage);
  db = handle.db as unknown as typeof db;
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    if (name < '0019-background-jobs') await migration.up(db, handle.dialect);
  }
});
afterAll(async () => {
  await handle?.close();
  await storage?.cleanup();
});

const NOW = '2026-01-01T10:00:00.000Z';

async function insertId(table: string, values: Record<string, unknown>): Promise<number> {
  const row = await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('migration 0019', () => {
  it('moves every waiting encode and invitation mail into background_jobs', async () => {
    const userId = await insertId('users', {
      username: 'ada',
      email: 'ada@example.com',
      password_hash: 'x',
      created_on: NOW,
    });
    const workspaceId = await insertId('workspaces', {
      unique_id: 'w1',
      name: 'Lab',
      created_on: NOW,
    });
    const videoIds: number[] = [];
    for (let n = 0; n < 3; n++) {
      const jobId = await insertId('print_jobs', {
        workspace_id: workspaceId,
        file_name: 'a.gcode',
        printer_name: 'MK4',
        device_key_id: 1,
        username: 'ada',
        started_on: NOW,
        outcome: 'done',
      });
      await db
        .insertInto('videos')
        .values({ print_job_id: jobId, workspace_id: workspaceId, created_on: NOW })
        .execute();
      videoIds.push(jobId);
    }
    const encode = (video_id: number, state: string, lease_until: string | null) =>
      db
        .insertInto('video_encode_jobs')
        .values({ video_id, state, attempts: 1, run_after: NOW, lease_until, created_on: NOW })
        .execute();
    await encode(videoIds[0]!, 'pending', null);
    await encode(videoIds[1]!, 'running', '2026-01-01T10:10:00.000Z');
    await encode(videoIds[2]!, 'done', null);

    const invitation = (email: string, mail: Record<string, unknown>) =>
      insertId('workspace_invitations', {
        workspace_id: workspaceId,
        email,
        role: 'observer',
        token_hash: `hash-${email}`,
        invited_by: userId,
        created_on: NOW,
        expires_on: '2026-01-08T10:00:00.000Z',
        ...mail,
      });
    const waiting = await invitation('waiting@example.com', {
      mail_state: 'pending',
      mail_attempts: 2,
      mail_next_attempt_on: '2026-01-01T10:01:00.000Z',
    });
    const sending = await invitation('sending@example.com', {
      mail_state: 'sending',
      mail_attempts: 1,
      mail_claimed_until: '2026-01-01T10:15:00.000Z',
    });
    await invitation('sent@example.com', { mail_state: 'sent' });

    await MIGRATIONS['0019-background-jobs']!.up(db, handle.dialect);

    const jobs = await db
      .selectFrom('background_jobs')
      .select(['kind', 'key', 'payload', 'state', 'attempts', 'run_after', 'lease_until'])
      .orderBy('id')
      .execute();
    expect(jobs.map((job) => ({ ...job, attempts: Number(job.attempts) }))).toEqual([
      {
        kind: 'video.encode',
        key: `video.encode:${videoIds[0]}`,
        payload: JSON.stringify({ videoId: videoIds[0] }),
        state: 'pending',
        attempts: 1,
        run_after: NOW,
        lease_until: null,
      },
      {
        kind: 'video.encode',
        key: `video.encode:${videoIds[1]}`,
        payload: JSON.stringify({ videoId: videoIds[1] }),
        state: 'running',
        attempts: 1,
        run_after: NOW,
        lease_until: '2026-01-01T10:10:00.000Z',
      },
      expect.objectContaining({ key: `video.encode:${videoIds[2]}`, state: 'done' }),
      {
        kind: 'invitation.mail',
        key: `invitation.mail:${waiting}`,
        payload: JSON.stringify({ invitationId: waiting }),
        state: 'pending',
        attempts: 2,
        run_after: '2026-01-01T10:01:00.000Z',
        lease_until: null,
      },
      {
        kind: 'invitation.mail',
        key: `invitation.mail:${sending}`,
        payload: JSON.stringify({ invitationId: sending }),
        state: 'running',
        attempts: 1,
        run_after: NOW,
        lease_until: '2026-01-01T10:15:00.000Z',
      },
    ]);
    // the old queue is gone: one table holds background work
    await expect(sql`select 1 from video_encode_jobs`.execute(db)).rejects.toThrow();
  });
});
