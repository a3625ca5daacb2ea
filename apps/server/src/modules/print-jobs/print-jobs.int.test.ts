import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { buildFarmWorld, type FarmWorld } from '../../../test-support/farm-world.js';
import { eventually, readyState } from '../../../test-support/fake-agent.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let admin: BuiltUser;
let observer: BuiltUser;
let workspaceId: number;
let fileId: number;
let world: FarmWorld<'observer'>;

beforeAll(async () => {
  t = await startTestServer({ gatewayLimits: { printStartTimeoutMs: 400, commandTimeoutMs: 400 } });
  world = await buildFarmWorld(t, { members: ['observer'] });
  ({ admin, workspaceId } = world);
  observer = world.members.observer;
  fileId = await world.uploadGcode({ filename: 'benchy.gcode' });
});
afterAll(() => t.close());

/** Each test answers the print start itself. */
const addReadyPrinter = (name: string) =>
  world.addReadyPrinter(name, { answersPrintStarts: false });

const startPrint = (
  printerId: number,
  body: unknown = { file_id: fileId, print: true, make_video: false },
  token = admin.access,
) => t.api(`/api/printers/${printerId}/files/`, { method: 'POST', token, body });

const jobsOf = async (query = '') =>
  (await t.api(`/api/groups/${workspaceId}/print-jobs/${query}`, { token: admin.access })).body;

describe('starting a print', () => {
  it('hands the device a signed link it can download, answers printjob_id, and follows the device events', async () => {
    const { printerId, agent } = await addReadyPrinter('MK4');
    let downloaded: Buffer | null = null;
    agent.answer((request) => {
      if (request.command.name !== 'print_file') return undefined;
      const command = request.command;
      void fetch(`${t.baseUrl}${command.url}`).then(async (response) => {
        downloaded = Buffer.from(await response.arrayBuffer());
        agent.send({ type: 'response', id: request.id, ok: true, result: { started: true } });
      });
      return undefined;
    });
    const started = await startPrint(printerId);
    expect(started.status).toBe(201);
    const jobId = started.body.printjob_id;
    expect(downloaded).toEqual(buildTextGcode());
    const command = agent.requests.at(-1)!.command;
    expect(command).toMatchObject({
      name: 'print_file',
      file_name: 'benchy.gcode',
      job_id: jobId,
      print: true,
    });
    // files on the disk: no object store link, the server's is the only one
    expect(command).not.toHaveProperty('direct_url');
    expect((await jobsOf()).results[0]).toMatchObject({
      id: jobId,
      outcome: 'printing',
      printer_name: 'MK4',
      file_name: 'benchy.gcode',
      file_exists: true,
      video_state: 'NOT_RECORDED',
    });

    agent.send({ type: 'event', name: 'job_finished', job_id: jobId, data: {} });
    await eventually(async () => expect((await jobsOf()).results[0].outcome).toBe('done'));
    expect((await jobsOf()).results[0].ended_on).not.toBeNull();
    agent.close();
  });

  it('keeps a failed job’s reason in the printer’s own words, marked as the printer’s', async () => {
    const { printerId, agent } = await addReadyPrinter('Failing');
    agent.answer((request) =>
      request.command.name === 'print_file' ? { ok: true, result: { started: true } } : undefined,
    );
    const jobId = (await startPrint(printerId)).body.printjob_id;
    const reason = 'Heater extruder not heating at expected rate';
    agent.send({ type: 'event', name: 'job_failed', job_id: jobId, data: { reason } });
    await eventually(async () =>
      expect((await jobsOf(`?printer_id=${printerId}`)).results[0]).toMatchObject({
        outcome: 'failed',
        end_reason: reason,
        end_reason_code: 'printer',
      }),
    );
    agent.close();
  });

  it('ends a job once: the lifecycle hooks see it in the ending transaction, a failing hook leaves it running', async () => {
    const { printerId, agent } = await addReadyPrinter('Prusa XL');
    agent.answer((request) =>
      request.command.name === 'print_file' ? { ok: true, result: { started: true } } : undefined,
    );
    const started: number[] = [];
    const ended: string[] = [];
    let failNext = true;
    t.server.services.printJobLifecycle.subscribe({
      inTransaction: async (trx, job) => {
        const seen = await trx
          .selectFrom('print_jobs')
          .select('outcome')
          .where('id', '=', job.id)
          .executeTakeFirstOrThrow();
        if (failNext) {
          failNext = false;
          throw new Error('hook failed');
        }
        ended.push(`${job.id}:${seen.outcome}`);
      },
      onStarted: (job) => started.push(job.id),
    });
    const jobId = (await startPrint(printerId)).body.printjob_id;
    expect(started).toContain(jobId);
    const { printJobs } = t.server.services;
    await expect(printJobs.endJob(jobId, 'done')).rejects.toThrow('hook failed');
    expect((await jobsOf(`?printer_id=${printerId}`)).results[0]).toMatchObject({
      outcome: 'printing',
      ended_on: null,
    });
    expect((await printJobs.endJob(jobId, 'done'))?.outcome).toBe('done');
    expect(await printJobs.endJob(jobId, 'failed')).toBeUndefined();
    expect(ended.filter((entry) => entry.startsWith(`${jobId}:`))).toEqual([`${jobId}:done`]);
    expect((await jobsOf(`?printer_id=${printerId}`)).results[0].outcome).toBe('done');
    agent.close();
  });

  it('a printer that went silent leaves its job unknown, never failed; it comes back when the printer reports printing', async () => {
    const { printerId, agent } = await addReadyPrinter('Voron');
    agent.answer((request) =>
      request.command.name === 'print_file' ? { ok: true, result: { started: true } } : undefined,
    );
    const jobId = (await startPrint(printerId)).body.printjob_id;
    agent.close();
    await eventually(async () =>
      expect((await jobsOf(`?printer_id=${printerId}`)).results[0]).toMatchObject({
        id: jobId,
        outcome: 'unknown',
      }),
    );
    const key = (
      await t.server.database.db
        .selectFrom('printers')
        .innerJoin('device_keys', 'device_keys.id', 'printers.device_key_id')
        .select('device_keys.id')
        .where('printers.id', '=', printerId)
        .executeTakeFirstOrThrow()
    ).id;
    const printing = readyState().state;
    t.server.services.devices.live.applySnapshot(
      key,
      readyState({
        state: { text: 'Printing', flags: { ...printing.flags, printing: true, ready: false } },
      }),
    );
    await eventually(async () =>
      expect((await jobsOf(`?printer_id=${printerId}`)).results[0].outcome).toBe('printing'),
    );
  });

  it('times out with the spec message and keeps the job unknown; a refusal removes the job', async () => {
    const { printerId, agent } = await addReadyPrinter('Ender');
    const slow = await startPrint(printerId);
    expect(slow.status).toBe(408);
    expect(slow.body.message).toBe('It took too long to upload Gcode to printer');
    expect((await jobsOf(`?printer_id=${printerId}`)).results[0].outcome).toBe('unknown');
    agent.answer((request) =>
      request.command.name === 'print_file'
        ? { ok: false, error: { code: 'checksum-mismatch', message: 'SHA-256 differs' } }
        : undefined,
    );
    const refused = await startPrint(printerId);
    expect(refused.status).toBe(409);
    expect((await jobsOf(`?printer_id=${printerId}`)).count).toBe(1);
    agent.close();
  });

  it('refuses a printer that is not ready, a file of another workspace, and observers', async () => {
    const { printerId, agent } = await addReadyPrinter('Busy');
    const flags = readyState().state.flags;
    agent.send({
      type: 'state',
      kind: 'patch',
      state: { state: { text: 'Printing', flags: { ...flags, printing: true, ready: false } } },
    });
    await eventually(async () => expect((await startPrint(printerId)).status).toBe(409));
    agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
    const stranger = await buildUser(t);
    const otherWorkspace = await buildWorkspace(t, stranger);
    const foreignFile = (
      await uploadFile(t, stranger.access, otherWorkspace, { bytes: buildTextGcode() })
    ).body.id;
    await eventually(async () =>
      expect(
        (await startPrint(printerId, { file_id: foreignFile, print: true, make_video: false }))
          .status,
      ).toBe(404),
    );
    expect((await startPrint(printerId, undefined, observer.access)).status).toBe(403);
    expect(
      (
        await startPrint(
          printerId,
          { file_id: fileId, print: true, make_video: false },
          stranger.access,
        )
      ).status,
    ).toBe(404);
    expect((await startPrint(printerId, { file_id: 'x' })).status).toBe(400);
    agent.close();
  });
});

describe('print job lists', () => {
  it('pages newest first with next, filters by file, and lists the last printed files', async () => {
    const { printerId, agent } = await addReadyPrinter('Pager');
    agent.answer((request) =>
      request.command.name === 'print_file' ? { ok: true, result: { started: true } } : undefined,
    );
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = (await startPrint(printerId)).body.printjob_id;
      ids.push(id);
      agent.send({ type: 'event', name: 'job_cancelled', job_id: id, data: {} });
      await eventually(async () =>
        expect((await jobsOf(`?printer_id=${printerId}&limit=1`)).results[0].outcome).toBe(
          'cancelled',
        ),
      );
    }
    const seen: number[] = [];
    let next: string | null =
      `/api/groups/${workspaceId}/print-jobs/?printer_id=${printerId}&limit=2`;
    while (next) {
      const page: { results: Array<{ id: number }>; count: number; next: string | null } = (
        await t.api(next, { token: admin.access })
      ).body;
      expect(page.count).toBe(5);
      seen.push(...page.results.map((r) => r.id));
      next = page.next;
    }
    expect(seen).toEqual([...ids].reverse());
    expect((await jobsOf(`?file_id=${fileId}`)).count).toBeGreaterThanOrEqual(5);
    const last = await t.api(`/api/groups/${workspaceId}/last-printed-files/`, {
      token: observer.access,
    });
    expect(last.body[0]).toMatchObject({ file_id: fileId, file_name: 'benchy.gcode' });
    expect(last.body.filter((f: { file_id: number }) => f.file_id === fileId)).toHaveLength(1);
    agent.close();
  });

  it('keeps the job when its file is deleted, marking the file gone', async () => {
    const extra = (
      await uploadFile(t, admin.access, workspaceId, {
        bytes: buildTextGcode({ extraLines: 3 }),
        filename: 'gone.gcode',
      })
    ).body.id;
    const { printerId, agent } = await addReadyPrinter('Keeper');
    agent.answer((request) =>
      request.command.name === 'print_file' ? { ok: true, result: { started: true } } : undefined,
    );
    await startPrint(printerId, { file_id: extra, print: true, make_video: true });
    expect(
      (
        await t.api(`/api/groups/${workspaceId}/files/${extra}/`, {
          method: 'DELETE',
          token: admin.access,
        })
      ).status,
    ).toBe(204);
    const job = (await jobsOf(`?printer_id=${printerId}`)).results[0];
    expect(job).toMatchObject({
      file_id: null,
      file_exists: false,
      file_name: 'gone.gcode',
      video_state: null,
      make_video: true,
    });
    agent.close();
  });
});
