import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectFakeAgent, readyState } from '../../../test-support/fake-agent.js';
import { buildPrinterWithAgent, type BuiltUser } from '../../../test-support/factories.js';
import { uploadGcode } from '../../../test-support/print-queue.js';
import { buildOfflinePrinter, buildSpool, loadSpool } from '../../../test-support/spools.js';
import { insertRunningJob } from '../../../test-support/running-jobs.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import {
  startWebhookReceiver,
  WEBHOOK_TEST_SERVER,
  type WebhookReceiver,
} from '../../../test-support/webhook-receiver.js';

let t: TestServer;
let receiver: WebhookReceiver;
let owner: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace(WEBHOOK_TEST_SERVER));
  const response = await t.api(`/api/groups/${workspaceId}/webhooks/`, {
    method: 'POST',
    token: owner.access,
    body: {
      url: receiver.url,
      events: ['printer.offline', 'printer.error', 'queue.item_done', 'spool.low', 'video.ready'],
    },
  });
  expect(response.status, response.text).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const insertJob = (fields: { printerId: number; fileId?: number; grams?: number }) =>
  insertRunningJob(
    t,
    { workspaceId, user: owner },
    {
      printer_id: fields.printerId,
      file_id: fields.fileId ?? null,
      filament_used_g: fields.grams ?? null,
    },
  );

describe('webhook events where they happen', () => {
  it('printer.error on a patch into ERROR (once), printer.offline when the link drops', async () => {
    const { printerId, agent } = await buildPrinterWithAgent(t, {
      token: owner.access,
      workspaceId,
      name: 'Errant',
    });
    const broken = readyState();
    broken.state.flags = { ...broken.state.flags, operational: false, ready: false, error: true };
    broken.state.text = 'Error';
    broken.error = { code: 'printer-error', detail: 'Thermal runaway' };
    agent.send({ type: 'state', kind: 'patch', state: broken });
    agent.send({ type: 'state', kind: 'patch', state: { ...broken, temperature: {} } });
    await vi.waitFor(() => expect(receiver.of('printer.error')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(receiver.of('printer.error')[0]!.body).toMatchObject({
      workspace_id: workspaceId,
      data: { printer_id: printerId, printer_name: 'Errant', error: { code: 'printer-error' } },
    });
    agent.close();
    await vi.waitFor(() => expect(receiver.of('printer.offline')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(receiver.of('printer.offline')[0]!.body.data).toMatchObject({ printer_id: printerId });
    expect(receiver.of('printer.error')).toHaveLength(1);
  });

  it('a device back in a new error is told once; an error already told is not told again on reconnect', async () => {
    const { printerId, agent, key } = await buildPrinterWithAgent(t, {
      token: owner.access,
      workspaceId,
      name: 'Wanderer',
    });
    const mine = (event: string) =>
      receiver.of(event).filter((e) => e.body.data.printer_id === printerId);
    const broken = readyState();
    broken.state.flags = { ...broken.state.flags, operational: false, ready: false, error: true };
    broken.state.text = 'Error';
    broken.error = { code: 'printer-error', detail: 'MINTEMP' };
    /** the device's next connection (on this or another instance), starting in `state` */
    const reconnect = async (state: ReturnType<typeof readyState>) => {
      const next = await connectFakeAgent(t.baseUrl, key);
      await next.hello();
      next.send({ type: 'state', kind: 'snapshot', state });
      return next;
    };
    agent.close();
    await vi.waitFor(() => expect(mine('printer.offline')).toHaveLength(1), { timeout: 10_000 });
    // it went into error while it had no link: its first snapshot tells it
    let link = await reconnect(broken);
    await vi.waitFor(() => expect(mine('printer.error')).toHaveLength(1), { timeout: 10_000 });
    expect(mine('printer.error')[0]!.body.data).toMatchObject({ error: { detail: 'MINTEMP' } });
    // the same error after a move (or a restart): nothing new
    link.close();
    await vi.waitFor(() => expect(mine('printer.offline')).toHaveLength(2), { timeout: 10_000 });
    link = await reconnect(broken);
    // mended, then a new error: told, the second time only
    link.send({ type: 'state', kind: 'patch', state: readyState() });
    link.send({ type: 'state', kind: 'patch', state: broken });
    await vi.waitFor(() => expect(mine('printer.error')).toHaveLength(2), { timeout: 10_000 });
    const rows = await t.server.database.db
      .selectFrom('webhook_deliveries')
      .select(['payload'])
      .where('event', '=', 'printer.error')
      .execute();
    const errorRows = rows.filter((row) => row.payload.includes(`"printer_id":${printerId}`));
    expect(errorRows).toHaveLength(2);
    link.close();
  });

  it('queue.item_done when a queue item’s job prints to the end, in the ending transaction', async () => {
    const printerId = await buildOfflinePrinter(t, owner, workspaceId, 'Queued');
    const fileId = await uploadGcode(t, owner, workspaceId, 'queued.gcode');
    const jobId = await insertJob({ printerId, fileId });
    const failedJob = await insertJob({ printerId, fileId });
    for (const [id, position] of [
      [jobId, 1],
      [failedJob, 2],
    ] as const) {
      await t.server.database.db
        .insertInto('print_queue_items')
        .values({
          workspace_id: workspaceId,
          file_id: fileId,
          printer_id: printerId,
          state: 'PRINTED',
          position,
          jobox_autostart: 0,
          make_video: 0,
          print_job_id: id,
          added_by_id: owner.id,
          added_by_username: owner.email,
          added_on: new Date().toISOString(),
          printed_on: null,
          done_on: null,
          started_by: null,
          starting_on: null,
          is_held: 0,
          start_error: null,
          start_error_on: null,
          copy_group_id: null,
          copy_index: null,
          copy_count: null,
        })
        .execute();
    }
    await t.server.services.printJobs.endJob(jobId, 'done');
    await t.server.services.printJobs.endJob(failedJob, 'failed');
    await vi.waitFor(() => expect(receiver.of('queue.item_done')).toHaveLength(1), {
      timeout: 10_000,
    });
    const [done] = receiver.of('queue.item_done');
    expect(done!.body.data).toMatchObject({ job_id: jobId, outcome: 'done' });
    expect(done!.key).toBe(`queue_item:${done!.body.data.item_id}:done`);
  });

  it('spool.low when a job’s usage takes a spool below its threshold', async () => {
    const printerId = await buildOfflinePrinter(t, owner, workspaceId, 'Spooled');
    const spoolId = await buildSpool(t, owner, workspaceId, { low_threshold_g: 998 });
    expect((await loadSpool(t, owner, { printerId, tool: 0, spoolId })).status).toBeLessThan(300);
    const jobId = await insertJob({ printerId, grams: 5 });
    await t.server.services.printJobs.endJob(jobId, 'done');
    await vi.waitFor(() => expect(receiver.of('spool.low')).toHaveLength(1), { timeout: 10_000 });
    expect(receiver.of('spool.low')[0]!.body.data).toMatchObject({
      spool_id: spoolId,
      job_id: jobId,
      remaining_g: 995,
      threshold_g: 998,
    });
  });

  it('video.ready in the transaction that stores the encoded timelapse', async () => {
    const printerId = await buildOfflinePrinter(t, owner, workspaceId, 'Filmed');
    const jobId = await insertJob({ printerId });
    const job = await t.server.database.db
      .selectFrom('print_jobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    // the encode job's transaction: what it runs once the video is stored
    await t.server.database.db.transaction().execute((trx) =>
      t.server.services.videos.events.runReadyInTransaction(trx, {
        job: { ...job, video_state: 'READY' },
        isFlagged: false,
        durationSec: 12,
      }),
    );
    t.server.services.jobs.wake();
    await vi.waitFor(() => expect(receiver.of('video.ready')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(receiver.of('video.ready')[0]!.body.data).toMatchObject({
      video_id: jobId,
      duration_sec: 12,
      is_flagged: false,
    });
  });
});
