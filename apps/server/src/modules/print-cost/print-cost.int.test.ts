import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import {
  buildFarmWorld,
  type FarmPrinter,
  type FarmWorld,
  type JobEnding,
} from '../../../test-support/farm-world.js';
import { buildSpool, loadSpool } from '../../../test-support/spools.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { EXPORT_BATCH } from '../print-jobs/print-log-export.js';

let t: TestServer;
let admin: BuiltUser;
let observer: BuiltUser;
let workspaceId: number;
let fileId: number;
let printer: FarmPrinter;
let world: FarmWorld<'observer'>;

/** 0.75 g of PETG per print (buildTextGcode), a spool at 40 per kg: 0.03 of filament. */
const GRAMS = 0.75;
const COST_PER_KG = 40;

beforeAll(async () => {
  t = await startTestServer();
  world = await buildFarmWorld(t, { members: ['observer'] });
  ({ admin, workspaceId } = world);
  observer = world.members.observer;
  fileId = await world.uploadGcode({ filename: '=SUM(1+1),x.gcode' });
  printer = await world.addReadyPrinter('Line 1, "left"');
});
afterAll(async () => {
  printer.agent.close();
  await t.close();
});

const patchWorkspace = (settings: object) =>
  t.api(`/api/users/me/groups/${workspaceId}/`, {
    method: 'PATCH',
    token: admin.access,
    body: { settings },
  });
const patchPrinter = (body: object) =>
  t.api(`/api/printers/${printer.printerId}/`, { method: 'PATCH', token: admin.access, body });

/** A job that printed for `hours` (its estimate is 221 s) and ended with `event`. */
async function printFor(
  hours: number,
  event: JobEnding,
): Promise<{ id: number; outcome: string; cost: Record<string, number | string | null> | null }> {
  const jobId = await world.printJob(printer, fileId, { hours, event });
  const page = await t.api(`/api/groups/${workspaceId}/print-jobs/`, { token: admin.access });
  return page.body.results.find((row: { id: number }) => row.id === jobId);
}

describe('cost settings', () => {
  it('negative and absurd prices, power and currencies are field errors, and nothing is saved', async () => {
    for (const [settings, field] of [
      [{ energy_price_kwh: -0.1 }, 'settings.energy_price_kwh'],
      [{ energy_price_kwh: 5000 }, 'settings.energy_price_kwh'],
      [{ machine_hour_rate: -1 }, 'settings.machine_hour_rate'],
      [{ currency: 'euro' }, 'settings.currency'],
    ] as const) {
      // a valid field beside the bad one is not saved either
      const response = await patchWorkspace({ machine_hour_rate: 1, ...settings });
      expect(response.status, JSON.stringify(settings)).toBe(400);
      expect(Object.keys(response.body.details), JSON.stringify(response.body)).toContain(field);
    }
    const workspace = await t.api(`/api/users/me/groups/${workspaceId}/`, { token: admin.access });
    expect(workspace.body.settings).toMatchObject({
      energy_price_kwh: null,
      machine_hour_rate: null,
      currency: null,
    });
    for (const watts of [-5, 50_000]) {
      const response = await patchPrinter({ average_power_w: watts });
      expect(response.status).toBe(400);
      expect(response.body.details).toHaveProperty('average_power_w');
    }
  });

  it('a job ended before anything is priced has no cost', async () => {
    const job = await printFor(0.1, 'job_finished');
    expect(job.cost).toBeNull();
  });
});

describe('cost per print', () => {
  beforeAll(async () => {
    expect(
      (await patchWorkspace({ energy_price_kwh: 0.3, machine_hour_rate: 2, currency: 'eur' }))
        .status,
    ).toBe(200);
    expect((await patchPrinter({ average_power_w: 200 })).body.average_power_w).toBe(200);
    const spool = await buildSpool(t, admin, workspaceId, {
      cost_per_kg: COST_PER_KG,
      initial_weight_g: 1000,
    });
    expect(
      (await loadSpool(t, admin, { printerId: printer.printerId, tool: 0, spoolId: spool })).status,
    ).toBe(200);
  });

  it('a finished job: the spool’s grams × price, power × hours × kWh price, hours × rate', async () => {
    const job = await printFor(2, 'job_finished');
    expect(job.cost).toMatchObject({ currency: 'EUR' });
    expect(job.cost!.filament).toBeCloseTo((GRAMS / 1000) * COST_PER_KG, 4);
    expect(job.cost!.energy).toBeCloseTo(0.2 * 2 * 0.3, 2);
    expect(job.cost!.machine).toBeCloseTo(2 * 2, 2);
    expect(job.cost!.total).toBeCloseTo(0.03 + 0.12 + 4, 2);
  });

  it('a cancelled and a failed job: the filament they took and the time they ran', async () => {
    // 221 s estimated: 0.03 h is about half of it
    const cancelled = await printFor(0.03, 'job_cancelled');
    expect(cancelled.outcome).toBe('cancelled');
    expect(cancelled.cost!.filament as number).toBeGreaterThan(0);
    expect(cancelled.cost!.filament as number).toBeLessThan((GRAMS / 1000) * COST_PER_KG);
    expect(cancelled.cost!.machine).toBeCloseTo(0.06, 2);
    const failed = await printFor(1, 'job_failed');
    expect(failed.outcome).toBe('failed');
    // past its estimate the failed job took the whole file's filament
    expect(failed.cost!.filament).toBeCloseTo((GRAMS / 1000) * COST_PER_KG, 4);
    expect(failed.cost!.energy).toBeCloseTo(0.06, 2);
    expect(failed.cost!.total).toBeCloseTo(0.03 + 0.06 + 2, 2);
  });

  it('the statistics sum the cost of the ended jobs from the roll-ups, in the workspace currency', async () => {
    const jobs = await t.server.database.db
      .selectFrom('print_jobs')
      .select('cost_total')
      .where('workspace_id', '=', workspaceId)
      .execute();
    const sum = jobs.reduce((total, job) => total + (job.cost_total ?? 0), 0);
    expect(sum).toBeGreaterThan(6);
    const stats = await t.api(`/api/groups/${workspaceId}/stats/`, { token: observer.access });
    expect(stats.status).toBe(200);
    expect(stats.body.currency).toBe('EUR');
    expect(stats.body.total_cost).toBeCloseTo(sum, 2);
    const rollups = await t.server.database.db
      .selectFrom('job_rollup_days')
      .select('cost')
      .where('workspace_id', '=', workspaceId)
      .execute();
    expect(rollups.reduce((total, row) => total + Number(row.cost), 0)).toBeCloseTo(sum, 4);
  });

  it('an ending replayed changes no cost', async () => {
    const job = await printFor(1, 'job_finished');
    expect(await t.server.services.printJobs.endJob(job.id, 'done')).toBeUndefined();
    const stats = await t.api(`/api/groups/${workspaceId}/stats/`, { token: admin.access });
    const jobs = await t.server.database.db
      .selectFrom('print_jobs')
      .select('cost_total')
      .where('workspace_id', '=', workspaceId)
      .execute();
    expect(stats.body.total_cost).toBeCloseTo(
      jobs.reduce((total, row) => total + (row.cost_total ?? 0), 0),
      2,
    );
  });
});

/** RFC 4180 rows: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

describe('the print log as CSV', () => {
  const exportCsv = (query = '', user = observer) =>
    t.api(`/api/groups/${workspaceId}/print-jobs/export/${query}`, { token: user.access });

  it('lists every job of the range with its cost; text a spreadsheet would run is defused', async () => {
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="print-log-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // UTF-8 with a byte-order mark, so spreadsheets in any locale read accents (fetch's text drops it)
    const raw = await fetch(`${t.baseUrl}/api/groups/${workspaceId}/print-jobs/export/`, {
      headers: { authorization: `Bearer ${observer.access}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual([
      'date',
      'printer',
      'file',
      'who',
      'outcome',
      'duration_s',
      'filament_g',
      'cost',
      'currency',
    ]);
    const jobs = await t.server.database.db
      .selectFrom('print_jobs')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('started_on')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(jobs.length);
    const me = (await t.api('/api/users/me/', { token: admin.access })).body;
    const finished = rows.find((row) => row[4] === 'done' && row[7] !== '')!;
    expect(finished[1]).toBe('Line 1, "left"');
    expect(finished[2]).toBe("'=SUM(1+1),x.gcode");
    expect(finished[3]).toBe(me.username);
    expect(Number(finished[6])).toBe(GRAMS);
    expect(finished[8]).toBe('EUR');
    rows.forEach((row, index) => {
      expect(row[0]).toBe(jobs[index]!.started_on);
      expect(row[4]).toBe(jobs[index]!.outcome);
      const cost = jobs[index]!.cost_total;
      expect(row[7]).toBe(cost === null ? '' : String(Math.round(cost * 100) / 100));
    });
    // the two-hour job
    expect(rows.some((row) => Math.abs(Number(row[5]) - 7200) < 60)).toBe(true);
  });

  it('takes a date range; a bad one is a field error; strangers get 404', async () => {
    const future = await exportCsv('?date_from=2099-01-01&date_to=2099-01-31');
    expect(future.status).toBe(200);
    expect(parseCsv(future.text)).toHaveLength(1);
    const reversed = await exportCsv('?date_from=2026-02-01&date_to=2026-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.details).toHaveProperty('date_from');
    const stranger = await buildUser(t);
    expect((await exportCsv('', stranger)).status).toBe(404);
  });

  it('pages through more jobs than one batch, in start order, none twice', async () => {
    const other = await buildWorkspace(t, admin);
    const base = Date.parse('2026-03-01T00:00:00Z');
    const count = EXPORT_BATCH * 2 + 7;
    // jobs that share a start time straddle the batch edge (the keyset's tie on id)
    const values = Array.from({ length: count }, (_, i) => ({
      workspace_id: other,
      file_id: null,
      file_name: `part-${i}.gcode`,
      printer_id: null,
      printer_name: 'Gone',
      device_key_id: 0,
      user_id: null,
      username: 'ann',
      started_on: new Date(base + Math.floor(i / 3) * 60_000).toISOString(),
      ended_on: new Date(base + Math.floor(i / 3) * 60_000 + 30_000).toISOString(),
      outcome: 'done' as const,
      make_video: 0,
      video_state: null,
      filament_used_g: 1,
      filament_used_mm: null,
      printing_time_sec: 30,
    }));
    for (let i = 0; i < values.length; i += 500)
      await t.server.database.db
        .insertInto('print_jobs')
        .values(values.slice(i, i + 500))
        .execute();
    const response = await t.api(
      `/api/groups/${other}/print-jobs/export/?date_from=2026-03-01&date_to=2026-03-31`,
      { token: admin.access },
    );
    const rows = parseCsv(response.text).slice(1);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[2])).size).toBe(count);
    expect(rows.map((row) => row[0])).toEqual([...rows.map((row) => row[0])].sort());
    expect(rows[0]).toEqual([
      values[0]!.started_on,
      'Gone',
      'part-0.gcode',
      'ann',
      'done',
      '30',
      '1',
      '',
      '',
    ]);
  });
});
