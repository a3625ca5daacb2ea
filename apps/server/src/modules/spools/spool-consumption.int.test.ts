import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../../test-support/factories.js';
import { buildFarmWorld, type FarmWorld } from '../../../test-support/farm-world.js';
import { eventually, type FakeAgent } from '../../../test-support/fake-agent.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { buildTwoToolGcode } from '../../../test-support/files.js';
import { buildSpool, loadSpool } from '../../../test-support/spools.js';
import { createSpoolConsumption } from './spool-consumption.js';

let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let twoToolFileId: number;

let world: FarmWorld;

beforeAll(async () => {
  t = await startTestServer();
  world = await buildFarmWorld(t);
  ({ admin, workspaceId } = world);
  twoToolFileId = await world.uploadGcode({
    bytes: buildTwoToolGcode(),
    filename: 'two-colour.gcode',
  });
});
afterAll(() => t.close());

const readyPrinter = (name: string) => world.addReadyPrinter(name);

const startJob = (printerId: number) => world.startPrint(printerId, twoToolFileId);

async function jobOf(printerId: number, jobId: number) {
  const page = await t.api(`/api/groups/${workspaceId}/print-jobs/?printer_id=${printerId}`, {
    token: admin.access,
  });
  return page.body.results.find((job: { id: number }) => job.id === jobId);
}

async function endAndWait(
  printerId: number,
  agent: FakeAgent,
  jobId: number,
  event: 'job_finished' | 'job_cancelled' | 'job_failed',
  outcome: string,
) {
  agent.send({ type: 'event', name: event, job_id: jobId, data: {} });
  await eventually(async () => expect((await jobOf(printerId, jobId))?.outcome).toBe(outcome));
  return jobOf(printerId, jobId);
}

/** The job began `seconds` ago (moving the clock instead would expire the test's sign-ins). */
async function startedAgo(jobId: number, seconds: number): Promise<void> {
  await t.server.database.db
    .updateTable('print_jobs')
    .set({ started_on: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('id', '=', jobId)
    .execute();
}

const remainingOf = async (spoolId: number): Promise<number> =>
  (await t.api(`/api/groups/${workspaceId}/spools/${spoolId}/`, { token: admin.access })).body
    .remaining_weight_g;

async function twoLoadedSpools(printerId: number, fields: object = {}) {
  const first = await buildSpool(t, admin, workspaceId, fields);
  const second = await buildSpool(t, admin, workspaceId, { material: 'PLA', ...fields });
  expect((await loadSpool(t, admin, { printerId, tool: 0, spoolId: first })).status).toBe(200);
  expect((await loadSpool(t, admin, { printerId, tool: 1, spoolId: second })).status).toBe(200);
  return { first, second };
}

describe('consumption at job end', () => {
  it('keeps the file’s grams per extruder', async () => {
    const row = await t.server.database.db
      .selectFrom('files')
      .select('filament_used_g_per_tool')
      .where('id', '=', twoToolFileId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.filament_used_g_per_tool!)).toEqual([12.5, 3.25]);
  });

  it('a finished job takes the file’s grams per tool from the loaded spools and records them on the job', async () => {
    const { printerId, agent } = await readyPrinter('Finished');
    const { first, second } = await twoLoadedSpools(printerId);
    const jobId = await startJob(printerId);
    const job = await endAndWait(printerId, agent, jobId, 'job_finished', 'done');
    expect(job.spool_usage).toEqual([
      expect.objectContaining({ spool_id: first, tool: 0, grams: 12.5, material: 'PETG' }),
      expect.objectContaining({ spool_id: second, tool: 1, grams: 3.25, material: 'PLA' }),
    ]);
    expect(await remainingOf(first)).toBe(987.5);
    expect(await remainingOf(second)).toBe(996.75);
    agent.close();
  });

  it('a cancelled job takes the share its progress covers', async () => {
    const { printerId, agent } = await readyPrinter('Cancelled');
    const { first, second } = await twoLoadedSpools(printerId);
    const jobId = await startJob(printerId);
    await startedAgo(jobId, 500); // half of the 1000 s estimate
    const job = await endAndWait(printerId, agent, jobId, 'job_cancelled', 'cancelled');
    expect(job.spool_usage).toHaveLength(2);
    expect(job.spool_usage[0].grams).toBeCloseTo(6.25, 1);
    expect(job.spool_usage[1].grams).toBeCloseTo(1.625, 1);
    expect(await remainingOf(first)).toBeCloseTo(993.75, 1);
    expect(await remainingOf(second)).toBeCloseTo(998.375, 1);
    agent.close();
  });

  it('a failed job takes the share its progress covers', async () => {
    const { printerId, agent } = await readyPrinter('Failed');
    const { first } = await twoLoadedSpools(printerId);
    const jobId = await startJob(printerId);
    await startedAgo(jobId, 250); // a quarter of the estimate
    const job = await endAndWait(printerId, agent, jobId, 'job_failed', 'failed');
    expect(job.spool_usage[0].grams).toBeCloseTo(3.125, 1);
    expect(await remainingOf(first)).toBeCloseTo(996.875, 1);
    agent.close();
  });

  it('takes nothing when no spool is loaded, and only from the tools that have one', async () => {
    const bare = await readyPrinter('Bare');
    const bareJob = await startJob(bare.printerId);
    expect(
      (await endAndWait(bare.printerId, bare.agent, bareJob, 'job_finished', 'done')).spool_usage,
    ).toEqual([]);
    bare.agent.close();

    const half = await readyPrinter('Half');
    const only = await buildSpool(t, admin, workspaceId);
    await loadSpool(t, admin, { printerId: half.printerId, tool: 1, spoolId: only });
    const halfJob = await startJob(half.printerId);
    const job = await endAndWait(half.printerId, half.agent, halfJob, 'job_finished', 'done');
    expect(job.spool_usage).toEqual([
      expect.objectContaining({ spool_id: only, tool: 1, grams: 3.25 }),
    ]);
    expect(await remainingOf(only)).toBe(996.75);
    half.agent.close();
  });

  it('a replayed ending takes nothing twice: the event again, endJob again, the hook again', async () => {
    const { printerId, agent } = await readyPrinter('Replayed');
    const { first, second } = await twoLoadedSpools(printerId);
    const jobId = await startJob(printerId);
    await endAndWait(printerId, agent, jobId, 'job_finished', 'done');
    agent.send({ type: 'event', name: 'job_finished', job_id: jobId, data: {} });
    expect(await t.server.services.printJobs.endJob(jobId, 'done')).toBeUndefined();
    const row = await t.server.database.db
      .selectFrom('print_jobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const lows: number[] = [];
    const consumption = createSpoolConsumption({
      onLow: async (_trx, low) => void lows.push(low.spool.id),
    });
    await t.server.database.db.transaction().execute((trx) => consumption.onJobEnded(trx, row));
    // a second job after the replays shows the first was answered before it
    const nextJob = await startJob(printerId);
    await endAndWait(printerId, agent, nextJob, 'job_finished', 'done');
    expect((await jobOf(printerId, jobId)).spool_usage).toHaveLength(2);
    expect(await remainingOf(first)).toBe(975);
    expect(await remainingOf(second)).toBe(993.5);
    expect(lows).toEqual([]);
    agent.close();
  });

  it('a spool falling below its low threshold raises one "spool low" notification per crossing', async () => {
    await t.server.database.db
      .insertInto('push_subscriptions')
      .values({
        user_id: admin.id,
        endpoint: 'https://push.example.test/spool-low',
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
        created_on: new Date().toISOString(),
      })
      .execute();
    const { printerId, agent } = await readyPrinter('Low');
    // 30 g left, low below 20 g: the first job (12.5 g) crosses, the second is already below
    const { first } = await twoLoadedSpools(printerId, {
      remaining_weight_g: 30,
      low_threshold_g: 20,
    });
    const lowRows = () =>
      t.server.database.db
        .selectFrom('notification_outbox')
        .select(['payload', 'channel'])
        .where('kind', '=', 'spool_low')
        .where('workspace_id', '=', workspaceId)
        .execute();
    const firstJob = await startJob(printerId);
    await endAndWait(printerId, agent, firstJob, 'job_finished', 'done');
    const rows = await lowRows();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({
      spool_id: first,
      spool_name: 'PETG Black Prusament',
      remaining_g: 18,
      job_id: firstJob,
    });
    const secondJob = await startJob(printerId);
    await endAndWait(printerId, agent, secondJob, 'job_finished', 'done');
    expect(await remainingOf(first)).toBe(5);
    expect(await lowRows()).toHaveLength(1);
    agent.close();
  });
});
