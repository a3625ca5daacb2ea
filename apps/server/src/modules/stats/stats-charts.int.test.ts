import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { PrintJobsTable } from '../../db/schema.js';
import { buildUser, buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { insertJobs } from '../../../test-support/stats.js';
import { listPeriodStarts, weekStartOf } from './stats-charts.service.js';
import { RUNNING_JOB_COLUMNS } from '../print-jobs/print-jobs.repository.js';

let t: TestServer;
const clock = new TestClock();
let owner: BuiltUser;
let workspaceId: number;

const job = (
  fields: Partial<Insertable<PrintJobsTable>> &
    Pick<PrintJobsTable, 'started_on' | 'outcome' | 'printer_name'>,
): Insertable<PrintJobsTable> => ({
  workspace_id: workspaceId,
  file_id: null,
  file_name: 'part.gcode',
  printer_id: null,
  device_key_id: 1,
  user_id: owner.id,
  username: owner.email,
  ...RUNNING_JOB_COLUMNS,
  filament_used_g: 10,
  filament_used_mm: 3000,
  printing_time_sec: 3600,
  ...fields,
});

beforeAll(async () => {
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace({ clock }));
  const other = await buildWorkspace(t, owner);
  const ended = (started: string, hours: number) =>
    new Date(Date.parse(started) + hours * 3600_000).toISOString();
  await insertJobs(t, [
    // Monday 2024-03-04: two done on MK4, one failed half-way on Voron
    // (with what each cost, issue 26)
    job({
      started_on: '2024-03-04T08:00:00.000Z',
      ended_on: ended('2024-03-04T08:00:00.000Z', 1),
      outcome: 'done',
      printer_name: 'MK4',
      cost_total: 1.25,
    }),
    job({
      started_on: '2024-03-04T10:00:00.000Z',
      ended_on: ended('2024-03-04T10:00:00.000Z', 1),
      outcome: 'done',
      printer_name: 'MK4',
      cost_total: 1.25,
    }),
    job({
      started_on: '2024-03-04T12:00:00.000Z',
      ended_on: ended('2024-03-04T12:00:00.000Z', 0.5),
      outcome: 'failed',
      printer_name: 'Voron',
      cost_total: 0.5,
    }),
    // Sunday 2024-03-10: one cancelled at a quarter, one unknown without estimates
    job({
      started_on: '2024-03-10T23:00:00.000Z',
      ended_on: ended('2024-03-10T23:00:00.000Z', 0.25),
      outcome: 'cancelled',
      printer_name: 'Voron',
    }),
    job({
      started_on: '2024-03-10T01:00:00.000Z',
      outcome: 'unknown',
      printer_name: 'MK4',
      filament_used_g: null,
      filament_used_mm: null,
      printing_time_sec: null,
    }),
    // Monday 2024-03-11: the next week
    job({
      started_on: '2024-03-11T00:00:00.000Z',
      ended_on: ended('2024-03-11T00:00:00.000Z', 2),
      outcome: 'done',
      printer_name: 'Voron',
      printing_time_sec: 7200,
      cost_total: 3.04,
    }),
    // outside the range, and in another workspace
    job({ started_on: '2024-03-03T23:59:59.000Z', outcome: 'done', printer_name: 'MK4' }),
    job({
      started_on: '2024-03-05T00:00:00.000Z',
      outcome: 'done',
      printer_name: 'MK4',
      workspace_id: other,
    }),
  ]);
});
afterAll(() => t.close());

const charts = (query: string, token = owner.access) =>
  t.api(`/api/groups/${workspaceId}/stats/charts/${query}`, { token });

describe('GET /api/groups/{g}/stats/charts/', () => {
  it('spreads jobs over days by outcome, with filament, and adds up printing time and cost per printer', async () => {
    const response = await charts('?date_from=2024-03-04&date_to=2024-03-11');
    expect(response.status).toBe(200);
    expect(response.body.bucket).toBe('day');
    expect(response.body.periods).toHaveLength(8);
    expect(response.body.periods[0]).toEqual({
      start: '2024-03-04',
      done: 2,
      cancelled: 0,
      failed: 1,
      other: 0,
      filament_used_g: 10 + 10 + 5,
      filament_used_mm: 3000 + 3000 + 1500,
    });
    expect(response.body.periods[1]).toMatchObject({
      start: '2024-03-05',
      done: 0,
      filament_used_g: 0,
    });
    expect(response.body.periods[6]).toMatchObject({
      start: '2024-03-10',
      cancelled: 1,
      other: 1,
      filament_used_g: 2.5,
    });
    expect(response.body.printers).toEqual([
      {
        printer_id: null,
        printer_name: 'Voron',
        jobs: 3,
        printing_time_sec: 1800 + 900 + 7200,
        cost: 3.54,
      },
      // the unknown job has no cost: only the two done ones count
      { printer_id: null, printer_name: 'MK4', jobs: 3, printing_time_sec: 7200, cost: 2.5 },
    ]);
    expect(response.body.currency).toBeNull();
    // the same jobs as the figures
    const figures = await t.api(
      `/api/groups/${workspaceId}/stats/?date_from=2024-03-04&date_to=2024-03-11`,
      { token: owner.access },
    );
    const periods = response.body.periods as Array<Record<string, number>>;
    const sum = (key: string) => periods.reduce((total, p) => total + p[key]!, 0);
    expect(sum('done') + sum('cancelled') + sum('failed') + sum('other')).toBe(
      figures.body.printjobs_count,
    );
    expect(sum('filament_used_g')).toBeCloseTo(figures.body.total_filament_used_g, 5);
  });

  it('groups by week (Monday) on request, and by itself for long ranges', async () => {
    const weekly = await charts('?date_from=2024-03-04&date_to=2024-03-11&bucket=week');
    expect(
      weekly.body.periods.map((p: { start: string; done: number }) => [p.start, p.done]),
    ).toEqual([
      ['2024-03-04', 2],
      ['2024-03-11', 1],
    ]);
    const long = await charts('?date_from=2024-01-01&date_to=2024-12-31');
    expect(long.body.bucket).toBe('week');
    expect(long.body.periods[0].start).toBe('2024-01-01'); // a Monday
    expect(long.body.periods.at(-1).start).toBe('2024-12-30');
    expect(long.body.periods).toHaveLength(53);
  });

  it('refuses bad input and is 404 to strangers', async () => {
    expect((await charts('?bucket=month')).status).toBe(400);
    expect((await charts('?date_from=2024-05-02&date_to=2024-05-01')).status).toBe(400);
    expect((await charts('?date_from=2000-01-01&date_to=2024-01-01')).status).toBe(400);
    const stranger = await buildUser(t);
    await buildWorkspace(t, stranger);
    expect((await charts('', stranger.access)).status).toBe(404);
  });

  it('knows its weeks and periods', () => {
    expect(weekStartOf('2024-03-10')).toBe('2024-03-04');
    expect(weekStartOf('2024-03-11')).toBe('2024-03-11');
    expect(listPeriodStarts('2024-02-28', '2024-03-01', 'day')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });
});
