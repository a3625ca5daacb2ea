import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintJobOutcome } from '../../db/schema.js';
import { buildUser, buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { createFilesRepository } from '../files/files.repository.js';
import { createPrintCostRepository } from '../print-cost/print-cost.repository.js';
import { createPrintJobsRepository } from '../print-jobs/print-jobs.repository.js';
import { rollUpEndedJobs } from './job-rollups.js';
import { rollUpEndedJobsByUserAndFile } from './job-rollups-backfill.js';
import { rebuildMonthRollups } from './job-rollup-months.js';
import { elapsedShare } from './stats-range.js';
import { endCrashJob, insertFileRow, insertJobWhoseEndFails } from '../../../test-support/stats.js';

let t: TestServer;
const clock = new TestClock();
let owner: BuiltUser;
let member: BuiltUser;
let workspaceId: number;
const YEAR = { from: '2024-01-01', to: '2024-12-31' };
// partial months at both ends (0056): read as the months minus the days outside the range,
// and (EDGE_DAYS) as the days inside it
const PARTIAL_MONTHS = { from: '2024-02-10', to: '2024-10-20' };
const EDGE_DAYS = { from: '2024-02-25', to: '2024-05-05' };
const ENDINGS: Array<Exclude<PrintJobOutcome, 'printing'>> = [
  'done',
  'failed',
  'cancelled',
  'unknown',
];

beforeAll(async () => {
  ({ t, user: owner } = await startServerWithUser({ clock }));
  member = await buildUser(t);
  workspaceId = await buildWorkspace(t, owner);
});
afterAll(() => t.close());

const db = () => t.server.database.db;

function addFile(name: string): Promise<number> {
  return insertFileRow(t, { workspaceId, name, uploadedById: owner.id });
}

/** Ended jobs per user and per file, and the range's jobs without a file, counted from every job. */
async function countDirectly(range = YEAR) {
  const jobs = await db()
    .selectFrom('print_jobs as j')
    .leftJoin('users as u', 'u.id', 'j.user_id')
    .leftJoin('files as f', 'f.id', 'j.file_id')
    .selectAll('j')
    .select(['u.id as live_user_id', 'f.name as live_file_name'])
    .where('j.workspace_id', '=', workspaceId)
    .execute();
  const users = new Map<string, Record<string, number | string | null>>();
  const files = new Map<number, Record<string, number | string>>();
  let withoutFile = 0;
  for (const job of jobs) {
    const inRange = job.started_on >= range.from && job.started_on.slice(0, 10) <= range.to;
    if (inRange && job.file_id === null) withoutFile += 1;
    if (job.ended_on === null) continue;
    const isDone = job.outcome === 'done';
    const share = isDone
      ? 1
      : (job.printing_time_sec ?? 0) > 0
        ? elapsedShare(job, Date.parse(job.ended_on))
        : 0;
    const add = (into: Record<string, number | string | null>) => {
      into.jobs = (into.jobs as number) + 1;
      into.done_jobs = (into.done_jobs as number) + (isDone ? 1 : 0);
      into.grams = (into.grams as number) + (job.filament_used_g ?? 0) * share;
      into.seconds = (into.seconds as number) + (job.printing_time_sec ?? 0) * share;
      into.cost = (into.cost as number) + (job.cost_total ?? 0);
    };
    const zero = { jobs: 0, done_jobs: 0, grams: 0, seconds: 0, cost: 0 };
    if (inRange) {
      const key = `${job.live_user_id ?? ''}|${job.username}`;
      const user = users.get(key) ?? { user_id: job.live_user_id, username: job.username, ...zero };
      add(user);
      users.set(key, user);
    }
    if (job.file_id !== null) {
      const file = files.get(job.file_id) ?? {
        file_id: job.file_id,
        file_name: job.live_file_name!,
        ...zero,
      };
      add(file);
      files.set(job.file_id, file);
    }
  }
  const rounded = (
    row: Record<string, number | string | null>,
  ): Record<string, number | string | null> => {
    const { grams, seconds, cost, ...rest } = row;
    return {
      ...rest,
      filament_used_g: Number((grams as number).toFixed(2)),
      printing_time_sec: Math.round(seconds as number),
      cost: Number((cost as number).toFixed(2)),
    };
  };
  return {
    withoutFile,
    users: [...users.values()]
      .map(rounded)
      .sort((a, b) => String(a.username).localeCompare(String(b.username))),
    files: [...files.values()].map(rounded).sort((a, b) => Number(a.file_id) - Number(b.file_id)),
  };
}

/** The same figures as the API answers them, from the roll-ups. */
async function readFromApi(range = YEAR) {
  const RANGE = `date_from=${range.from}&date_to=${range.to}`;
  const api = (path: string) =>
    t.api(`/api/groups/${workspaceId}/${path}`, { token: owner.access });
  const [summary, users, files] = [
    await api(`stats/?${RANGE}`),
    await api(`stats/users/?${RANGE}&limit=100`),
    await api('stats/files/?limit=100'),
  ];
  expect([summary.status, users.status, files.status]).toEqual([200, 200, 200]);
  const strip = <T extends Record<string, unknown>>(rows: T[], drop: string) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== drop)));
  return {
    withoutFile: summary.body.printjobs_with_deleted_file_count as number,
    users: strip(users.body.users, '').sort((a, b) =>
      String(a.username).localeCompare(String(b.username)),
    ),
    files: strip(files.body.files, 'last_started_on').sort(
      (a, b) => Number(a.file_id) - Number(b.file_id),
    ),
  };
}

/** The year (whole months) and a range with partial months at its ends. */
async function expectEqualToDirectCount(expected?: Awaited<ReturnType<typeof countDirectly>>) {
  expect(await readFromApi()).toEqual(expected ?? (await countDirectly()));
  expect(await readFromApi(PARTIAL_MONTHS)).toEqual(await countDirectly(PARTIAL_MONTHS));
  expect(await readFromApi(EDGE_DAYS)).toEqual(await countDirectly(EDGE_DAYS));
}

describe('per-user and per-file statistics roll-ups', () => {
  it('equal a direct count after jobs end in every way, with costs, a file and a user deleted', async () => {
    const jobs = createPrintJobsRepository(db());
    const costs = createPrintCostRepository(db());
    const fileIds = [await addFile('a.gcode'), await addFile('b.gcode'), await addFile('c.gcode')];
    const gone = await buildUser(t);
    const people = [owner, member, gone];
    const ids: number[] = [];
    for (let i = 0; i < 48; i += 1) {
      const started = Date.parse('2024-01-03T10:00:00.000Z') + Math.floor(i / 3) * 7 * 86_400_000;
      ids.push(
        await jobs.insertJob({
          workspace_id: workspaceId,
          file_id: i % 5 === 0 ? null : fileIds[i % 3]!,
          file_name: 'part.gcode',
          printer_id: null,
          printer_name: 'MK4',
          device_key_id: 1,
          user_id: people[i % 3]!.id,
          username: `person${i % 3}`,
          started_on: new Date(started).toISOString(),
          ended_on: null,
          outcome: 'printing',
          make_video: 0,
          video_state: 'NOT_RECORDED',
          filament_used_g: i % 7 === 0 ? null : 2 + (i % 4) * 1.5,
          filament_used_mm: null,
          printing_time_sec: i % 7 === 0 ? null : 3600 + (i % 3) * 1800,
        }),
      );
    }
    for (const [index, id] of ids.entries()) {
      if (index % 8 === 7) continue; // still running
      const job = (await jobs.findJob(id))!;
      const ended = await jobs.endJob(
        id,
        {
          outcome: ENDINGS[index % ENDINGS.length]!,
          ended_on: new Date(Date.parse(job.started_on) + (index % 5) * 1_000_000).toISOString(),
          end_reason: null,
        },
        // cost per print stores the cost in the ending transaction (services.ts: recordJobCost)
        async (trx, row) => {
          if (index % 2 === 0)
            await createPrintCostRepository(trx).storeJobCost(row, {
              filament: 0.5,
              energy: null,
              machine: null,
              total: 0.5 + index / 10,
              currency: 'EUR',
            });
        },
      );
      expect(ended).toBeDefined();
    }
    // ending twice counts once; a cost stored twice too
    await jobs.endJob(
      ids[0]!,
      { outcome: 'failed', ended_on: '2024-06-01T00:00:00.000Z', end_reason: null },
      async () => undefined,
    );
    await costs.storeJobCost((await jobs.findJob(ids[0]!))!, {
      filament: 1,
      energy: null,
      machine: null,
      total: 9,
      currency: 'EUR',
    });
    const first = await countDirectly();
    expect(first.users).toHaveLength(3);
    expect(first.files).toHaveLength(3);
    await expectEqualToDirectCount(first);

    // a file deleted the way the product deletes it: its ended jobs now count without a file
    const files = createFilesRepository(db(), t.server.database.dialect);
    const deleted = (await files.findFile(workspaceId, fileIds[1]!))!;
    await db()
      .transaction()
      .execute((trx) => files.deleteFile(deleted, trx));
    await db().deleteFrom('users').where('id', '=', gone.id).execute();
    const after = await countDirectly();
    expect(after.withoutFile).toBeGreaterThan(first.withoutFile);
    expect(after.files).toHaveLength(2);
    expect(after.users.filter((user) => user.user_id === null)).toHaveLength(1);
    await expectEqualToDirectCount(after);

    // a running job whose file goes ends without it
    const running = ids.find((_, index) => index % 8 === 7 && index % 3 === 1 && index % 5 !== 0)!;
    expect((await jobs.findJob(running))!.file_id).toBeNull();
    await jobs.endJob(
      running,
      { outcome: 'done', ended_on: '2024-12-30T00:00:00.000Z', end_reason: null },
      async () => undefined,
    );
    await expectEqualToDirectCount();

    // a year's users are read from the months (without them, none)
    await db().deleteFrom('job_rollup_user_months').execute();
    await db().deleteFrom('job_rollup_printer_months').execute();
    expect((await readFromApi()).users).toEqual([]);
    await rebuildMonthRollups(db()); // migration 0056's backfill
    await expectEqualToDirectCount();

    // migration 0050's backfill of a history ended before these roll-ups gives the same figures
    await db().deleteFrom('job_rollup_user_days').execute();
    await db().deleteFrom('job_rollup_files').execute();
    await db().deleteFrom('job_rollup_days').execute();
    await db().deleteFrom('job_rollup_printer_days').execute();
    await db().deleteFrom('job_rollup_user_months').execute();
    await db().deleteFrom('job_rollup_printer_months').execute();
    expect((await readFromApi()).users).toEqual([]);
    await rollUpEndedJobs(db(), 7);
    await rollUpEndedJobsByUserAndFile(db(), 7);
    await rebuildMonthRollups(db());
    await expectEqualToDirectCount();
  }, 120_000); // two ranges read after each step: 30 s on a PostgreSQL at load 40

  it('count nothing of a job whose ending transaction failed', async () => {
    const fileId = await addFile('crash.gcode');
    const before = await readFromApi();
    const id = await insertJobWhoseEndFails(t, {
      workspace_id: workspaceId,
      file_id: fileId,
      user_id: member.id,
      username: 'crasher',
    });
    expect(await readFromApi()).toEqual(before);
    await endCrashJob(t, id);
    const after = await readFromApi();
    expect(after).toEqual(await countDirectly());
    expect(after.users.find((user) => user.username === 'crasher')).toMatchObject({
      jobs: 1,
      done_jobs: 1,
      filament_used_g: 4,
    });
    expect(after.files.find((file) => file.file_id === fileId)).toMatchObject({
      jobs: 1,
      printing_time_sec: 3600,
    });
  });

  it('refuse a limit out of range, naming it', async () => {
    const response = await t.api(`/api/groups/${workspaceId}/stats/users/?limit=1000`, {
      token: owner.access,
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('limit');
  });
});
