import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { PrintJobOutcome, PrintJobsTable } from '../../db/schema.js';
import type { BuiltUser } from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { createPrintJobsRepository } from '../print-jobs/print-jobs.repository.js';
import { createFilesRepository } from '../files/files.repository.js';
import { rollUpEndedJobs } from './job-rollups.js';
import { rollUpEndedJobsByUserAndFile } from './job-rollups-backfill.js';
import { rebuildMonthRollups } from './job-rollup-months.js';
import { elapsedShare } from './stats-range.js';
import { endCrashJob, insertFileRow, insertJobWhoseEndFails } from '../../../test-support/stats.js';
import { deviceKeyRow } from '../../../test-support/rows.js';

let t: TestServer;
const clock = new TestClock();
let owner: BuiltUser;
let workspaceId: number;
const YEAR = { from: '2024-01-01', to: '2024-12-31' };
// partial months at both ends (0056): read as the months minus the days outside the range,
// and (EDGE_DAYS) as the days inside it
const PARTIAL_MONTHS = { from: '2024-02-10', to: '2024-05-20' };
const EDGE_DAYS = { from: '2024-02-25', to: '2024-05-05' };
const ENDINGS: Array<Exclude<PrintJobOutcome, 'printing'>> = [
  'done',
  'failed',
  'cancelled',
  'unknown',
];

beforeAll(
  async () => ({ t, user: owner, workspaceId } = await startServerWithWorkspace({ clock })),
);
afterAll(() => t.close());

async function addPrinter(name: string): Promise<number> {
  const db = t.server.database.db;
  const key = await db
    .insertInto('device_keys')
    .values(
      deviceKeyRow({
        publicId: `rollup-${name}`,
        createdBy: owner.id,
        createdOn: '2024-01-01T00:00:00.000Z',
        workspaceId,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const printer = await db
    .insertInto('printers')
    .values({
      workspace_id: workspaceId,
      device_key_id: key.id,
      name,
      note: '',
      enabled: 1,
      device_type: 'octoprint',
      filament_type: null,
      camera_enabled: 0,
      camera_rotation: 0,
      jobox_enabled: 0,
      created_on: '2024-01-01T00:00:00.000Z',
      octoprint_api_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return printer.id;
}

/**
 * The statistics computed directly from every job (the rules of stats.service.ts, as they
 * were computed before roll-ups): what the roll-ups must equal.
 */
async function countDirectly(range = YEAR) {
  const jobs = await t.server.database.db
    .selectFrom('print_jobs')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('started_on', '>=', `${range.from}T00:00:00.000Z`)
    .where('started_on', '<=', `${range.to}T23:59:59.999Z`)
    .execute();
  const now = clock.now().getTime();
  let [grams, millimetres, seconds] = [0, 0, 0];
  const printers = new Map<string, { jobs: number; seconds: number }>();
  const days = new Map<string, Record<string, number>>();
  for (const job of jobs) {
    const isDone = job.outcome === 'done';
    const share = isDone ? 1 : (job.printing_time_sec ?? 0) > 0 ? elapsedShare(job, now) : 0;
    grams += (job.filament_used_g ?? 0) * share;
    millimetres += (job.filament_used_mm ?? 0) * share;
    seconds += (job.printing_time_sec ?? 0) * share;
    const key = `${job.printer_id ?? ''}|${job.printer_name}`;
    const printer = printers.get(key) ?? { jobs: 0, seconds: 0 };
    printer.jobs += 1;
    printer.seconds += (job.printing_time_sec ?? 0) * share;
    printers.set(key, printer);
    const day = days.get(job.started_on.slice(0, 10)) ?? { jobs: 0, grams: 0 };
    day.jobs! += 1;
    day.grams! += (job.filament_used_g ?? 0) * share;
    days.set(job.started_on.slice(0, 10), day);
  }
  return {
    summary: {
      printjobs_count: jobs.length,
      printjobs_with_deleted_file_count: jobs.filter((job) => job.file_id === null).length,
      total_filament_used_g: Number(grams.toFixed(2)),
      total_filament_used_mm: Number(millimetres.toFixed(1)),
      total_printing_time_sec: Math.round(seconds),
    },
    printers: [...printers.entries()]
      .map(([key, value]) => ({ key, jobs: value.jobs, seconds: Math.round(value.seconds) }))
      .sort((a, b) => a.key.localeCompare(b.key)),
    days: [...days.entries()]
      .map(([day, value]) => ({ day, jobs: value.jobs, grams: Number(value.grams!.toFixed(2)) }))
      .sort((a, b) => a.day.localeCompare(b.day)),
  };
}

/** The same figures as the API answers them (from the roll-ups). */
async function readFromApi(range = YEAR) {
  const query = `?date_from=${range.from}&date_to=${range.to}`;
  const summary = await t.api(`/api/groups/${workspaceId}/stats/${query}`, {
    token: owner.access,
  });
  const charts = await t.api(`/api/groups/${workspaceId}/stats/charts/${query}&bucket=day`, {
    token: owner.access,
  });
  expect(summary.status).toBe(200);
  expect(charts.status).toBe(200);
  type Period = {
    start: string;
    done: number;
    cancelled: number;
    failed: number;
    other: number;
    filament_used_g: number;
  };
  type Printer = {
    printer_id: number | null;
    printer_name: string;
    jobs: number;
    printing_time_sec: number;
  };
  return {
    summary: {
      printjobs_count: summary.body.printjobs_count,
      printjobs_with_deleted_file_count: summary.body.printjobs_with_deleted_file_count,
      total_filament_used_g: summary.body.total_filament_used_g,
      total_filament_used_mm: summary.body.total_filament_used_mm,
      total_printing_time_sec: summary.body.total_printing_time_sec,
    },
    printers: (charts.body.printers as Printer[])
      .map((p) => ({
        key: `${p.printer_id ?? ''}|${p.printer_name}`,
        jobs: p.jobs,
        seconds: p.printing_time_sec,
      }))
      .sort((a, b) => a.key.localeCompare(b.key)),
    days: (charts.body.periods as Period[])
      .map((p) => ({
        day: p.start,
        jobs: p.done + p.cancelled + p.failed + p.other,
        grams: p.filament_used_g,
      }))
      .filter((p) => p.jobs > 0)
      .sort((a, b) => a.day.localeCompare(b.day)),
  };
}

/** The year (whole months) and a range with partial months at its ends. */
async function expectEqualToDirectCount() {
  expect(await readFromApi()).toEqual(await countDirectly());
  expect(await readFromApi(PARTIAL_MONTHS)).toEqual(await countDirectly(PARTIAL_MONTHS));
  expect(await readFromApi(EDGE_DAYS)).toEqual(await countDirectly(EDGE_DAYS));
}

describe('statistics roll-ups', () => {
  it('equal a direct count after jobs end in every way, a file and a printer are deleted', async () => {
    const jobs = createPrintJobsRepository(t.server.database.db);
    const printers = [await addPrinter('MK4'), await addPrinter('Voron'), await addPrinter('Old')];
    const fileId = await insertFileRow(t, {
      workspaceId,
      name: 'gone.gcode',
      uploadedById: owner.id,
    });
    // 60 jobs over the year: every ending, some running, estimates or none, two per day
    const ids: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const started = Date.parse('2024-01-03T10:00:00.000Z') + Math.floor(i / 2) * 5 * 86_400_000;
      const row: Insertable<PrintJobsTable> = {
        workspace_id: workspaceId,
        file_id: i % 4 === 0 ? fileId : null,
        file_name: 'part.gcode',
        printer_id: printers[i % 3]!,
        printer_name: ['MK4', 'Voron', 'Old'][i % 3]!,
        device_key_id: 1,
        user_id: owner.id,
        username: 'owner',
        started_on: new Date(started + (i % 2) * 3_600_000).toISOString(),
        ended_on: null,
        outcome: 'printing',
        make_video: 0,
        video_state: 'NOT_RECORDED',
        filament_used_g: i % 5 === 0 ? null : 1 + (i % 7) * 1.37,
        filament_used_mm: i % 5 === 0 ? null : 300 + i * 11.1,
        printing_time_sec: i % 5 === 0 ? null : 1800 + (i % 4) * 1800,
      };
      ids.push(await jobs.insertJob(row));
    }
    for (const [index, id] of ids.entries()) {
      if (index % 9 === 8) continue; // still running (or out of sight)
      const started = Date.parse((await jobs.findJob(id))!.started_on);
      await jobs.endJob(
        id,
        {
          outcome: ENDINGS[index % ENDINGS.length]!,
          ended_on: new Date(started + (index % 5) * 1_000_000).toISOString(),
          end_reason: null,
        },
        async () => undefined,
      );
    }
    // ending twice counts once
    await jobs.endJob(
      ids[0]!,
      { outcome: 'failed', ended_on: '2024-06-01T00:00:00.000Z', end_reason: null },
      async () => undefined,
    );
    await expectEqualToDirectCount();

    // deleted the way the product deletes a file (its ended jobs move to the without-file count)
    const files = createFilesRepository(t.server.database.db, t.server.database.dialect);
    const file = (await files.findFile(workspaceId, fileId))!;
    await t.server.database.db.transaction().execute((trx) => files.deleteFile(file, trx));
    await t.server.database.db.deleteFrom('printers').where('id', '=', printers[2]!).execute();
    await expectEqualToDirectCount();

    // the year's printers are read from the months (without them, only running jobs count)
    await t.server.database.db.deleteFrom('job_rollup_printer_months').execute();
    await t.server.database.db.deleteFrom('job_rollup_user_months').execute();
    expect((await readFromApi()).printers).not.toEqual((await countDirectly()).printers);
    await rebuildMonthRollups(t.server.database.db); // migration 0056's backfill
    await expectEqualToDirectCount();

    // migration 0018's backfill of a history ended before roll-ups gives the same figures
    await t.server.database.db.deleteFrom('job_rollup_days').execute();
    await t.server.database.db.deleteFrom('job_rollup_printer_days').execute();
    await t.server.database.db.deleteFrom('job_rollup_user_days').execute();
    await t.server.database.db.deleteFrom('job_rollup_files').execute();
    expect((await readFromApi()).summary).not.toEqual((await countDirectly()).summary);
    await rollUpEndedJobs(t.server.database.db, 7);
    await rollUpEndedJobsByUserAndFile(t.server.database.db, 7); // migration 0050's backfill
    await rebuildMonthRollups(t.server.database.db); // migration 0056's
    await expectEqualToDirectCount();
  }, 120_000); // two ranges read after each step: 22 s on a PostgreSQL at load 40

  it('never count a job that did not end: the roll-up is in the ending transaction', async () => {
    const jobs = createPrintJobsRepository(t.server.database.db);
    const before = await readFromApi();
    const id = await insertJobWhoseEndFails(t, {
      workspace_id: workspaceId,
      file_id: null,
      user_id: owner.id,
      username: 'owner',
    });
    expect((await jobs.findJob(id))!.ended_on).toBeNull();
    const rolled = await t.server.database.db
      .selectFrom('job_rollup_days')
      .select('jobs')
      .where('workspace_id', '=', workspaceId)
      .where('day', '=', '2024-11-11')
      .execute();
    expect(rolled).toEqual([]);
    // running, it counts directly, once; ended, from its roll-up, once
    expect((await readFromApi()).summary.printjobs_count).toBe(before.summary.printjobs_count + 1);
    await endCrashJob(t, id);
    await expectEqualToDirectCount();
  });
});
