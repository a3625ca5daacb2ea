import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { PrintJobsTable } from '../../db/schema.js';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { insertJobs } from '../../../test-support/stats.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { RUNNING_JOB_COLUMNS } from '../print-jobs/print-jobs.repository.js';

let t: TestServer;
const clock = new TestClock();
let owner: BuiltUser;
let workspaceId: number;
let fileId: number;

const job = (
  fields: Partial<Insertable<PrintJobsTable>> & Pick<PrintJobsTable, 'started_on' | 'outcome'>,
): Insertable<PrintJobsTable> => ({
  workspace_id: workspaceId,
  file_id: fileId,
  file_name: 'part.gcode',
  printer_id: null,
  printer_name: 'MK4',
  device_key_id: 1,
  user_id: owner.id,
  username: owner.email,
  ...RUNNING_JOB_COLUMNS,
  ...fields,
});

beforeAll(async () => {
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace({ clock }));
  fileId = (
    await uploadFile(t, owner.access, workspaceId, { bytes: buildTextGcode(), filename: 'p.gcode' })
  ).body.id;
  const other = await buildWorkspace(t, owner);
  const estimate = { filament_used_g: 10, filament_used_mm: 3000, printing_time_sec: 7200 };
  await insertJobs(t, [
    // done: the whole estimate
    job({
      started_on: '2024-03-01T10:00:00.000Z',
      ended_on: '2024-03-01T12:05:00.000Z',
      outcome: 'done',
      ...estimate,
    }),
    // done, file deleted since
    job({
      started_on: '2024-06-15T08:00:00.000Z',
      ended_on: '2024-06-15T09:00:00.000Z',
      outcome: 'done',
      file_id: null,
      filament_used_g: 5,
      filament_used_mm: 1500,
      printing_time_sec: 3600,
    }),
    // cancelled half-way through its estimate: half of it
    job({
      started_on: '2024-07-01T00:00:00.000Z',
      ended_on: '2024-07-01T00:30:00.000Z',
      outcome: 'cancelled',
      filament_used_g: 8,
      filament_used_mm: 2000,
      printing_time_sec: 3600,
    }),
    // failed after running longer than the estimate: all of it, no more
    job({
      started_on: '2024-09-01T00:00:00.000Z',
      ended_on: '2024-09-01T02:00:00.000Z',
      outcome: 'failed',
      filament_used_g: 2,
      filament_used_mm: 500,
      printing_time_sec: 3600,
    }),
    // done, but the file had no metadata
    job({
      started_on: '2024-12-31T23:59:59.000Z',
      ended_on: '2025-01-01T01:00:00.000Z',
      outcome: 'done',
    }),
    // outside the range, or in another workspace
    job({ started_on: '2023-12-31T23:59:59.999Z', outcome: 'done', ...estimate }),
    job({ started_on: '2025-01-01T00:00:00.000Z', outcome: 'done', ...estimate }),
    job({
      started_on: '2024-05-05T00:00:00.000Z',
      outcome: 'done',
      workspace_id: other,
      file_id: null,
      ...estimate,
    }),
  ]);
});
afterAll(() => t.close());

const stats = (query: string, token = owner.access, group = workspaceId) =>
  t.api(`/api/groups/${group}/stats/${query}`, { token });

describe('GET /api/groups/{g}/stats/', () => {
  it('counts every job started in the days given and adds up what they used', async () => {
    const response = await stats('?date_from=2024-01-01&date_to=2024-12-31');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      date_from: '2024-01-01',
      date_to: '2024-12-31',
      printjobs_count: 5,
      printjobs_with_deleted_file_count: 1,
      printjobs_with_existing_file_count: 4,
      total_filament_used_g: 10 + 5 + 4 + 2,
      total_filament_used_mm: 3000 + 1500 + 1000 + 500,
      total_printing_time_sec: 7200 + 3600 + 1800 + 3600,
      // issue 26: jobs ended without prices cost nothing; no currency is set
      total_cost: 0,
      currency: null,
    });
    const oneDay = await stats('?date_from=2024-03-01&date_to=2024-03-01');
    expect(oneDay.body).toMatchObject({ printjobs_count: 1, total_filament_used_g: 10 });
  });

  it('defaults to the last year up to today and counts a running job by its elapsed share', async () => {
    const now = clock.now();
    await insertJobs(t, [
      job({
        started_on: new Date(now.getTime() - 30 * 60_000).toISOString(),
        outcome: 'printing',
        filament_used_g: 6,
        filament_used_mm: 1200,
        printing_time_sec: 3600,
      }),
    ]);
    const response = await stats('');
    const today = now.toISOString().slice(0, 10);
    const yearAgo = new Date(now);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    expect(response.body).toMatchObject({
      date_from: yearAgo.toISOString().slice(0, 10),
      date_to: today,
      printjobs_count: 1,
    });
    expect(response.body.total_filament_used_g).toBeCloseTo(3, 1);
    expect(response.body.total_printing_time_sec).toBeGreaterThanOrEqual(1800);
    expect(response.body.total_printing_time_sec).toBeLessThan(1900);
  });

  it('refuses reversed, too long or impossible ranges', async () => {
    const reversed = await stats('?date_from=2024-05-02&date_to=2024-05-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.details).toEqual({
      date_from: ['date_from must not be after date_to.'],
    });
    const tooLong = await stats('?date_from=2000-01-01&date_to=2024-01-01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.details.date_from[0]).toMatch(/at most 3653 days/);
    for (const query of ['?date_from=2024-02-30', '?date_to=24-1-1', '?date_from=yesterday']) {
      expect((await stats(query)).status, query).toBe(400);
    }
    expect((await stats('?group=1')).status).toBe(400);
  });

  it('is open to observers (VIEW_GROUP) and 404 to strangers', async () => {
    const observer = await buildUser(t);
    await addMember(t, workspaceId, observer, 'observer');
    expect((await stats('?date_from=2024-01-01', observer.access)).status).toBe(200);
    const stranger = await buildUser(t);
    await buildWorkspace(t, stranger);
    expect((await stats('', stranger.access)).status).toBe(404);
  });
});
