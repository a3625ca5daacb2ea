/**
 * Statistics with cost over a year of a 200-printer farm (issue 26): about 500,000 ended jobs,
 * each with its stored cost, built directly in the database and rolled up (as migration 0018
 * does for a history that predates the roll-ups); then the statistics summary of the year, the
 * page's answer, called through the server (`inject`): p50/p99 wall time and CPU per call.
 * Goal: p99 under 300 ms on SQLite and PostgreSQL. The print log export of one month is timed
 * too (streamed; its rows and bytes are counted).
 *
 * `npm run bench:farm-cost` (SQLite); with DATABASE_URL on PostgreSQL (a fresh schema).
 * `-- --jobs 500000 --printers 200 --calls 60`
 */
import { parseArgs } from 'node:util';
import type { Insertable } from 'kysely';
import type { PrintJobsTable } from '../apps/server/src/db/tables/printing.js';
import { rollUpEndedJobs } from '../apps/server/src/modules/stats/job-rollups.js';
import { buildUser, buildWorkspace } from '../apps/server/test-support/factories.js';
import { startTestServer } from '../apps/server/test-support/test-server.js';
import { percentile } from './bench-helpers.js';
import { deviceKeyRow } from '../apps/server/test-support/rows.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '500000' },
    printers: { type: 'string', default: '200' },
    calls: { type: 'string', default: '60' },
  },
});
const JOBS = Number(values.jobs);
const PRINTERS = Number(values.printers);
const CALLS = Number(values.calls);
const DAY_MS = 86_400_000;
const OUTCOMES = ['done', 'done', 'done', 'done', 'done', 'failed', 'cancelled'] as const;

const fmt = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function main(): Promise<void> {
  const t = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    t.server.services.printQueue.dispatcher.stop();
    const owner = await buildUser(t);
    const workspaceId = await buildWorkspace(t, owner, 'Cost farm');
    const db = t.server.database.db;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    await db
      .updateTable('workspaces')
      .set({ energy_price_kwh: 0.3, machine_hour_rate: 1.5, currency: 'EUR' })
      .where('id', '=', workspaceId)
      .execute();

    const built = performance.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < PRINTERS; i += 1) {
        const key = await trx
          .insertInto('device_keys')
          .values(
            deviceKeyRow({
              publicId: `cost-key-${i}`,
              createdBy: owner.id,
              createdOn: iso(now - 400 * DAY_MS),
              workspaceId,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('printers')
          .values({
            workspace_id: workspaceId,
            device_key_id: key.id,
            name: `Printer ${String(i).padStart(3, '0')}`,
            note: '',
            enabled: 1,
            device_type: 'octoprint',
            filament_type: 'PLA',
            camera_enabled: 0,
            camera_rotation: 0,
            jobox_enabled: 0,
            created_on: iso(now - 400 * DAY_MS),
            octoprint_api_key: null,
            out_of_service_reason: null,
            out_of_service_on: null,
            average_power_w: 120,
          })
          .execute();
      }
    });
    // 1,000 files the jobs printed; every fiftieth job's file was deleted since (as the scale bench)
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1000; i += 250)
        await trx
          .insertInto('files')
          .values(
            Array.from({ length: 250 }, (_, k) => ({
              workspace_id: workspaceId,
              name: `part-${i + k}.gcode`,
              search_name: `part-${i + k}.gcode`,
              note: '',
              size: 100_000,
              sha256: `sha-${i + k}`,
              format: 'gcode' as const,
              storage_key: `cost/${i + k}`,
              is_public: 0,
              filament_type: 'PLA' as const,
              filament_color: null,
              uploaded_by_id: owner.id,
              uploaded_on: iso(now - 400 * DAY_MS),
              slicer: 'PrusaSlicer',
              printing_time_sec: 3600,
              layer_height_mm: 0.2,
              filament_used_mm: 4000,
              filament_used_g: 12,
              nozzle_diameter_mm: 0.4,
            })),
          )
          .execute();
    });
    const fileIds = (
      await db.selectFrom('files').select('id').where('workspace_id', '=', workspaceId).execute()
    ).map((row) => row.id);
    const printers = await db
      .selectFrom('printers')
      .select(['id', 'name', 'device_key_id'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('id')
      .execute();

    // a year of ended jobs in start order, each with the cost its ending stored
    const BATCH = 5000;
    for (let from = 0; from < JOBS; from += BATCH) {
      const rows: Array<Insertable<PrintJobsTable>> = [];
      for (let i = from; i < Math.min(JOBS, from + BATCH); i += 1) {
        const printer = printers[i % printers.length]!;
        const started = now - 365 * DAY_MS + (i * 365 * DAY_MS) / JOBS;
        const hours = 1 + (i % 5);
        const filament = (hours * 12 * 25) / 1000;
        const energy = 0.12 * hours * 0.3;
        const machine = hours * 1.5;
        rows.push({
          workspace_id: workspaceId,
          file_id: i % 50 === 0 ? null : fileIds[i % fileIds.length]!,
          file_name: `part-${i % fileIds.length}.gcode`,
          printer_id: printer.id,
          printer_name: printer.name,
          device_key_id: printer.device_key_id,
          user_id: owner.id,
          username: 'owner',
          started_on: iso(started),
          ended_on: iso(started + hours * 3_600_000),
          outcome: OUTCOMES[i % OUTCOMES.length]!,
          make_video: 0,
          video_state: 'NOT_RECORDED',
          filament_used_g: hours * 12,
          filament_used_mm: hours * 4000,
          printing_time_sec: hours * 3600,
          cost_filament: filament,
          cost_energy: energy,
          cost_machine: machine,
          cost_total: filament + energy + machine,
          cost_currency: 'EUR',
        });
      }
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 250)
          await trx
            .insertInto('print_jobs')
            .values(rows.slice(i, i + 250))
            .execute();
      });
    }
    await rollUpEndedJobs(db, 5000);
    console.log(
      `${JOBS.toLocaleString('en')} jobs on ${PRINTERS} printers built and rolled up in ${((performance.now() - built) / 1000).toFixed(0)} s`,
    );

    const token = owner.access;
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(now - 365 * DAY_MS).toISOString().slice(0, 10);
    const call = async (url: string) => {
      const response = await t.server.server.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      return response;
    };
    const statsUrl = `/api/groups/${workspaceId}/stats/?date_from=${yearAgo}&date_to=${today}`;
    const first = JSON.parse((await call(statsUrl)).body) as {
      total_cost: number;
      printjobs_count: number;
    };
    const times: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < CALLS; i += 1) {
      const started = performance.now();
      await call(statsUrl);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const used = process.cpuUsage(cpu);
    console.log(
      `statistics summary with cost (a year, ${first.printjobs_count.toLocaleString('en')} jobs, total ${first.total_cost.toFixed(2)} EUR): ` +
        `p50 ${fmt(percentile(times, 50))} ms, p99 ${fmt(percentile(times, 99))} ms, ` +
        `${fmt((used.user + used.system) / 1000 / CALLS)} ms CPU/call (${CALLS} calls)`,
    );

    const monthAgo = new Date(now - 30 * DAY_MS).toISOString().slice(0, 10);
    const exportStarted = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    const exported = await call(
      `/api/groups/${workspaceId}/print-jobs/export/?date_from=${monthAgo}&date_to=${today}`,
    );
    const rowsOut = exported.body.split('\r\n').length - 2;
    console.log(
      `print log export (a month, ${rowsOut.toLocaleString('en')} rows, ${(exported.rawPayload.length / 1e6).toFixed(1)} MB): ` +
        `${fmt(performance.now() - exportStarted)} ms (heap ${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB more, inject keeps the whole body)`,
    );
  } finally {
    await t.close();
  }
}

await main();
