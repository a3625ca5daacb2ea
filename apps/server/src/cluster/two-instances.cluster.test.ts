import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import { startFakeTelegram, type FakeTelegram } from '../../test-support/fake-telegram.js';
import { createApiClient, type TestServer } from '../../test-support/test-server.js';
import { enableQueue, queuePath, uploadGcode } from '../../test-support/print-queue.js';
import {
  startSpawnedPair,
  type ChildInstance,
  type InstancePair,
} from '../../test-support/cluster.js';
import { linkTelegramChat, telegramEnv } from '../../test-support/cluster-telegram.js';
import {
  addClusterPrinter,
  JPEG,
  printerStateOn,
  waitForPrinterState,
  type ClusterPrinter,
} from '../../test-support/cluster-printers.js';

/**
 * Two instances on one PostgreSQL schema, one data directory and one Redis prefix: A is its own
 * process (so it can be killed), B runs here. Agents sit on A; people talk to B, and to A.
 */
let cluster: InstancePair<ChildInstance>;
let bot: FakeTelegram;
let a: ChildInstance;
let b: TestServer;
let apiA: TestServer['api'];
let admin: BuiltUser;
let workspaceId: number;
let fileId: number;

const BOT_TOKEN = '777016:cluster-test-token-secret';
const CHAT = 7016;

beforeAll(async () => {
  bot = await startFakeTelegram(BOT_TOKEN);
  const telegram = telegramEnv(bot, BOT_TOKEN, 'PrintdeckClusterBot');
  cluster = await startSpawnedPair({
    b: {
      env: telegram,
      gatewayLimits: { commandTimeoutMs: 1000, snapshotTimeoutMs: 1000, printStartTimeoutMs: 5000 },
      notificationOptions: { delivery: { backoffSeconds: 0.2, maxAttempts: 4 } },
    },
    aEnv: telegram,
  });
  ({ a, b, admin, workspaceId } = cluster);
  apiA = createApiClient(a.url);
  await enableQueue(b, admin, workspaceId);
  fileId = await uploadGcode(b, admin, workspaceId, 'cube.gcode');
  await linkTelegramChat(b, admin, workspaceId, { token: BOT_TOKEN, chat: CHAT });
}, 120_000);

afterAll(async () => {
  await cluster?.close();
  await bot?.close();
});

const printOn = (printerId: number) =>
  b.api(`/api/printers/${printerId}/files/`, {
    method: 'POST',
    token: admin.access,
    body: { file_id: fileId, print: true, make_video: false },
  });

const jobOf = (jobId: number) =>
  b.server.database.db
    .selectFrom('print_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();

/** The print-done notifications of a job as the outbox holds them. */
const doneRowsFor = (jobId: number) =>
  b.server.database.db
    .selectFrom('notification_outbox')
    .selectAll()
    .where('idempotency_key', 'like', `print_job:${jobId}:%`)
    .where('kind', '=', 'print_done')
    .execute();

/** Messages the bot sent to the admin's chat (each print-done message names the file). */
const sentToAdmin = () => bot.sent.filter((m) => m.chat_id === String(CHAT));

/** The queue's autostart item for the printer, and the manual first print that precedes it. */
async function queueJoboxWork(printer: ClusterPrinter): Promise<{ firstJob: number }> {
  const add = (body: Record<string, unknown>) =>
    b.api(queuePath(workspaceId), { method: 'POST', token: admin.access, body });
  const first = (await add({ file: fileId, printer: printer.id })).body.id as number;
  const started = await b.api(queuePath(workspaceId, `${first}/print/`), {
    method: 'POST',
    token: admin.access,
    body: {},
  });
  expect(started.status).toBe(200);
  expect((await add({ file: fileId, printer: printer.id, jobox_autostart: true })).status).toBe(
    201,
  );
  return { firstJob: printer.printed.at(-1)! };
}

describe('two instances, one service', () => {
  it('a printer connected to A is watched, controlled and printed on through B', async () => {
    const printer = await addClusterPrinter(b, admin, workspaceId, {
      name: 'On A',
      agentUrl: a.url,
    });
    await waitForPrinterState(b, admin, workspaceId, printer.id, 'READY_TO_PRINT');
    await waitForPrinterState({ api: apiA }, admin, workspaceId, printer.id, 'READY_TO_PRINT');

    const home = await b.api(`/api/printers/${printer.id}/home_head/`, {
      method: 'POST',
      token: admin.access,
      body: { axes: ['x', 'y'] },
    });
    expect(home.status).toBe(204);
    expect(printer.agent.requests.at(-1)?.command).toEqual({ name: 'home_head', axes: ['x', 'y'] });

    // the device stays silent: B's own timeout and error, though A holds the socket
    const silent = await b.api(`/api/printers/${printer.id}/fan_state/`, {
      method: 'POST',
      token: admin.access,
      body: { state: 'on' },
    });
    expect(silent.status).toBe(408);
    expect(silent.body.code).toBe('request_timeout');

    const snapshot = await fetch(`${b.baseUrl}/api/printers/${printer.id}/snapshot/`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await snapshot.arrayBuffer())).toEqual(JPEG);

    const started = await printOn(printer.id);
    expect(started.status).toBe(201);
    const jobId = started.body.printjob_id as number;
    expect(printer.printed).toEqual([jobId]);
    await waitForPrinterState(b, admin, workspaceId, printer.id, 'PRINTING');
    printer.finish(jobId);
    await eventually(async () => expect((await jobOf(jobId)).outcome).toBe('done'));
    await waitForPrinterState(b, admin, workspaceId, printer.id, 'READY_TO_PRINT');
    printer.agent.close();
  });

  it('counts failed logins on both instances against one limit', async () => {
    const login = (api: TestServer['api']) =>
      api('/api/tokens/', {
        method: 'POST',
        body: { username: admin.email, password: 'not the password at all' },
      });
    // five failures per username and address are allowed in all, wherever they land
    for (const api of [apiA, b.api, apiA, b.api, apiA]) expect((await login(api)).status).toBe(401);
    expect((await login(b.api)).status).toBe(429);
    expect((await login(apiA)).status).toBe(429);
  });

  it('a jobox auto-start and its notification happen once across both instances', async () => {
    const printer = await addClusterPrinter(b, admin, workspaceId, {
      name: 'Jobox on A',
      agentUrl: a.url,
      jobox: true,
    });
    await waitForPrinterState(b, admin, workspaceId, printer.id, 'READY_TO_PRINT');
    const { firstJob } = await queueJoboxWork(printer);
    const sentBefore = sentToAdmin().length;
    printer.finish(firstJob);
    await eventually(async () => expect(printer.printed).toHaveLength(2), 15_000);
    await eventually(async () => expect(sentToAdmin()).toHaveLength(sentBefore + 1), 10_000);
    expect(sentToAdmin().at(-1)!.text).toContain('cube.gcode');
    // both instances tick the queue and drain the outbox: give them two ticks to do it twice
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(printer.printed).toHaveLength(2);
    const jobs = await b.server.database.db
      .selectFrom('print_jobs')
      .select('id')
      .where('printer_id', '=', printer.id)
      .execute();
    expect(jobs).toHaveLength(2);
    const rows = await doneRowsFor(firstJob);
    expect(rows.map((row) => row.state)).toEqual(['sent']);
    expect(sentToAdmin()).toHaveLength(sentBefore + 1);
    printer.finish(printer.printed[1]!);
    await eventually(async () => expect((await jobOf(printer.printed[1]!)).outcome).toBe('done'));
    await eventually(async () => expect(sentToAdmin()).toHaveLength(sentBefore + 2), 10_000);
    printer.agent.close();
  }, 60_000);

  it('A is killed: its printers read offline on B, their agents come back on B, nothing is re-sent and B finishes the work', async () => {
    const printer = await addClusterPrinter(b, admin, workspaceId, {
      name: 'Jobox through a crash',
      agentUrl: a.url,
      jobox: true,
    });
    await waitForPrinterState(b, admin, workspaceId, printer.id, 'READY_TO_PRINT');
    const { firstJob } = await queueJoboxWork(printer);
    await waitForPrinterState(b, admin, workspaceId, printer.id, 'PRINTING');
    const sentBefore = sentToAdmin().length;

    await a.kill();
    await printer.agent.closed;
    // B sees A's heartbeat lapse and releases its devices: offline, the job never failed
    await waitForPrinterState(
      b,
      admin,
      workspaceId,
      printer.id,
      'NOT_CONNECTED_TO_PROXY_SERVER',
      20_000,
    );
    expect((await jobOf(firstJob)).outcome).not.toBe('failed');

    // the balancer sends the agent to B; it is still printing the job it had
    const back = await printer.connect(b.baseUrl, 'printing');
    await waitForPrinterState(b, admin, workspaceId, printer.id, 'PRINTING');
    expect(back.requests).toEqual([]);
    printer.finish(firstJob);
    await eventually(async () => expect((await jobOf(firstJob)).outcome).toBe('done'));
    // the auto-start waiting for this printer is done by B, once; the first job was not re-sent
    await eventually(async () => expect(printer.printed).toHaveLength(2), 15_000);
    expect(printer.printed[0]).toBe(firstJob);
    const printFiles = back.requests.flatMap((r) =>
      r.command.name === 'print_file' ? [r.command.job_id] : [],
    );
    expect(printFiles).toEqual([printer.printed[1]]);
    await eventually(async () => expect(sentToAdmin()).toHaveLength(sentBefore + 1), 10_000);
    // the row reads `sent` once the outbox has the bot's answer, just after the bot has the message
    await eventually(async () =>
      expect((await doneRowsFor(firstJob)).map((row) => row.state)).toEqual(['sent']),
    );
    expect(await printerStateOn(b, admin, workspaceId, printer.id)).toBe('PRINTING');
    back.close();
  }, 90_000);
});
