import type { DeviceState } from '@printdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../../test-support/factories.js';
import {
  connectFakeAgent,
  eventually,
  readyState,
  type FakeAgent,
} from '../../../test-support/fake-agent.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { START_GRACE_S } from './print-job-reconcile.js';
import { LOST_DEVICE_GRACE_S } from './print-job-sync.js';
import type { PrintJobRow } from './print-jobs.repository.js';

let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let fileId: number;
const clock = new TestClock();
const ended: PrintJobRow[] = [];

beforeAll(async () => {
  ({
    t,
    user: admin,
    workspaceId,
  } = await startServerWithWorkspace({ clock, gatewayLimits: { printStartTimeoutMs: 2000 } }));
  fileId = (
    await uploadFile(t, admin.access, workspaceId, {
      bytes: buildTextGcode(),
      filename: 'benchy.gcode',
    })
  ).body.id;
  t.server.services.printJobLifecycle.subscribe({ afterCommit: (job) => ended.push(job) });
});
afterAll(() => t.close());

const nowS = () => Math.round(clock.now().getTime() / 1000);

/** The admin's access token, signed in again once the moved clock may have expired it. */
let token = { value: '', at: -Infinity };
async function access(): Promise<string> {
  if (nowS() - token.at < 60) return token.value;
  const login = await t.api('/api/tokens/', {
    method: 'POST',
    body: { username: admin.email, password: admin.password },
  });
  token = { value: login.body.access, at: nowS() };
  return token.value;
}
const flags = readyState().state.flags;

function printing(path: string, startedAt: number): DeviceState {
  return readyState({
    state: { text: 'Printing', flags: { ...flags, printing: true, ready: false } },
    job: {
      file_name: path,
      completion: 12,
      print_time: 30,
      print_time_left: null,
      path,
      started_at: startedAt,
      outcome: 'printing',
    },
  });
}

function idle(job: DeviceState['job'] = null): DeviceState {
  return readyState({ job });
}

interface Printer {
  printerId: number;
  agent: FakeAgent;
  key: string;
}

async function addPrinter(name: string): Promise<Printer> {
  const key = (await t.api('/api/device_keys/', { method: 'POST', token: await access() })).body
    .token;
  const printerId = (
    await t.api('/api/printers/', {
      method: 'POST',
      token: await access(),
      body: { group: workspaceId, name, token: key },
    })
  ).body.id;
  const agent = await connect(key);
  return { printerId, agent, key };
}

async function connect(key: string): Promise<FakeAgent> {
  const agent = await connectFakeAgent(t.baseUrl, key);
  await agent.hello();
  agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
  agent.answer((request) =>
    request.command.name === 'print_file'
      ? { ok: true, result: { path: request.command.file_name, started: true } }
      : undefined,
  );
  return agent;
}

const jobsOf = async (printerId: number) =>
  (
    await t.api(`/api/groups/${workspaceId}/print-jobs/?printer_id=${printerId}`, {
      token: await access(),
    })
  ).body.results as Array<Record<string, unknown>>;

/** A print through Printdeck the device confirms as started, with its own identity. */
async function startOurPrint(printer: Printer, startedAt: number): Promise<number> {
  const response = await eventually(async () => {
    const answer = await t.api(`/api/printers/${printer.printerId}/files/`, {
      method: 'POST',
      token: await access(),
      body: { file_id: fileId, print: true, make_video: false },
    });
    expect(answer.status).toBe(201);
    return answer;
  });
  const jobId: number = response.body.printjob_id;
  printer.agent.send({
    type: 'event',
    name: 'job_started',
    job_id: jobId,
    data: { path: 'benchy.gcode', started_at: startedAt },
  });
  printer.agent.send({ type: 'state', kind: 'patch', state: printing('benchy.gcode', startedAt) });
  await eventually(async () =>
    expect((await jobsOf(printer.printerId)).find((job) => job.id === jobId)).toMatchObject({
      outcome: 'printing',
    }),
  );
  return jobId;
}

const jobById = async (printerId: number, jobId: number) =>
  (await jobsOf(printerId)).find((job) => job.id === jobId);

const endsOf = (jobId: number) => ended.filter((job) => job.id === jobId).length;

describe('events reach the job they are about', () => {
  it("a stale job id on another print's events leaves our job alone; the other print gets its own record", async () => {
    const printer = await addPrinter('Stuck');
    const ours = await startOurPrint(printer, nowS());
    // the printer now prints another file, started on its own screen; the agent's events still
    // carry our job id (the bug of issue 10 #13): the identity decides
    const other = { path: 'local/other.gcode', started_at: nowS() + 600 };
    printer.agent.send({ type: 'event', name: 'job_started', job_id: null, data: other });
    printer.agent.send({ type: 'event', name: 'job_cancelled', job_id: ours, data: other });
    await eventually(async () => {
      const local = (await jobsOf(printer.printerId)).find(
        (job) => job.file_name === 'other.gcode',
      );
      expect(local).toMatchObject({
        started_on_printer: true,
        outcome: 'cancelled',
        username: '',
      });
    });
    expect(await jobById(printer.printerId, ours)).toMatchObject({
      outcome: 'printing',
      ended_on: null,
    });
    printer.agent.send({
      type: 'event',
      name: 'job_finished',
      job_id: ours,
      data: { path: 'benchy.gcode', started_at: nowS() + 3 },
    });
    await eventually(async () =>
      expect(await jobById(printer.printerId, ours)).toMatchObject({
        outcome: 'done',
        end_reason: null,
        end_reason_code: null,
      }),
    );
    expect(endsOf(ours)).toBe(1);
    printer.agent.close();
  });
});

describe('the same file printed again within a minute (issue 30)', () => {
  it('a print started on the printer after ours ended gets its own record; late events keep to their print', async () => {
    const printer = await addPrinter('Again');
    const firstStart = nowS();
    const ours = await startOurPrint(printer, firstStart);
    printer.agent.send({
      type: 'event',
      name: 'job_cancelled',
      job_id: ours,
      data: { path: 'benchy.gcode', started_at: firstStart },
    });
    await eventually(async () =>
      expect(await jobById(printer.printerId, ours)).toMatchObject({ outcome: 'cancelled' }),
    );
    // 20 s later the same file is started on the printer's own screen
    const again = { path: 'benchy.gcode', started_at: firstStart + 20 };
    printer.agent.send({ type: 'event', name: 'job_started', job_id: null, data: again });
    printer.agent.send({
      type: 'state',
      kind: 'patch',
      state: printing('benchy.gcode', again.started_at),
    });
    const local = await eventually(async () => {
      const found = (await jobsOf(printer.printerId)).find(
        (job) => job.id !== ours && job.file_name === 'benchy.gcode',
      );
      expect(found).toMatchObject({ started_on_printer: true, outcome: 'printing' });
      return found!;
    });
    // the first print's late failure (OctoPrint's PrintFailed after PrintCancelled) is its own
    printer.agent.send({
      type: 'event',
      name: 'job_failed',
      job_id: null,
      data: { path: 'benchy.gcode', started_at: firstStart, reason: 'cancelled' },
    });
    printer.agent.send({
      type: 'event',
      name: 'job_finished',
      job_id: null,
      data: again,
    });
    await eventually(async () =>
      expect(await jobById(printer.printerId, local.id as number)).toMatchObject({
        outcome: 'done',
      }),
    );
    expect(await jobById(printer.printerId, ours)).toMatchObject({ outcome: 'cancelled' });
    expect(endsOf(ours)).toBe(1);
    printer.agent.close();
  });
});

describe('a start the agent reports before the print command is answered', () => {
  it('is our job, not a second record started on the printer', async () => {
    const printer = await addPrinter('Early start');
    const startedAt = nowS();
    let pending: { id: string } | null = null;
    // the printer starts (event and state, no job id yet) before the command's answer leaves
    printer.agent.answer((request) => {
      if (request.command.name !== 'print_file') return undefined;
      pending = request;
      const identity = { path: 'benchy.gcode', started_at: startedAt };
      printer.agent.send({ type: 'event', name: 'job_started', job_id: null, data: identity });
      printer.agent.send({
        type: 'state',
        kind: 'patch',
        state: printing(identity.path, startedAt),
      });
      return undefined;
    });
    const answered = t.api(`/api/printers/${printer.printerId}/files/`, {
      method: 'POST',
      token: await access(),
      body: { file_id: fileId, print: true, make_video: false },
    });
    await eventually(async () => expect(pending).not.toBeNull());
    printer.agent.send({
      type: 'response',
      id: pending!.id,
      ok: true,
      result: { path: 'benchy.gcode', started: true },
    });
    const jobId: number = (await answered).body.printjob_id;
    printer.agent.send({
      type: 'event',
      name: 'job_finished',
      job_id: jobId,
      data: { path: 'benchy.gcode', started_at: startedAt + 5 },
    });
    await eventually(async () =>
      expect(await jobById(printer.printerId, jobId)).toMatchObject({ outcome: 'done' }),
    );
    const all = await jobsOf(printer.printerId);
    expect(all.map((job) => [job.id, job.started_on_printer])).toEqual([[jobId, false]]);
    printer.agent.close();
  });
});

describe('reconcile on every state', () => {
  it('ends a job the printer reports complete while its end event was lost: done, once', async () => {
    const printer = await addPrinter('Reconnect');
    const startedAt = nowS();
    const ours = await startOurPrint(printer, startedAt);
    printer.agent.close();
    await eventually(async () =>
      expect((await jobById(printer.printerId, ours))?.outcome).toBe('unknown'),
    );
    const back = await connectFakeAgent(t.baseUrl, printer.key);
    await back.hello();
    const shown = {
      ...printing('benchy.gcode', startedAt + 4).job!,
      completion: 100,
      outcome: 'done' as const,
    };
    back.send({ type: 'state', kind: 'snapshot', state: idle(shown) });
    back.send({ type: 'state', kind: 'snapshot', state: idle(shown) });
    await eventually(async () =>
      expect(await jobById(printer.printerId, ours)).toMatchObject({
        outcome: 'done',
        end_reason: expect.stringContaining('reports this print done'),
        end_reason_code: 'reconciled',
      }),
    );
    expect(endsOf(ours)).toBe(1);
    back.close();
  });

  it('a printer that came back idle without a word ends the job unknown with the reason; a failed one as failed', async () => {
    const printer = await addPrinter('Restarted');
    const ours = await startOurPrint(printer, nowS());
    clock.advance(START_GRACE_S + 1); // past the grace a start event gets before its state
    printer.agent.send({ type: 'state', kind: 'snapshot', state: idle() });
    await eventually(async () =>
      expect(await jobById(printer.printerId, ours)).toMatchObject({
        outcome: 'unknown',
        end_reason: 'The printer no longer prints this job and does not say how it ended.',
        end_reason_code: 'gone',
      }),
    );
    expect((await jobById(printer.printerId, ours))?.ended_on).not.toBeNull();

    const second = await startOurPrint(printer, nowS() + 300);
    const failed = { ...printing('benchy.gcode', nowS() + 300).job!, outcome: 'failed' as const };
    printer.agent.send({
      type: 'state',
      kind: 'patch',
      state: { state: readyState().state, job: failed },
    });
    await eventually(async () =>
      expect((await jobById(printer.printerId, second))?.outcome).toBe('failed'),
    );
    printer.agent.close();
  });

  it('a printer printing another file ends ours as unknown and records the other as started on the printer', async () => {
    const printer = await addPrinter('Swapped');
    const ours = await startOurPrint(printer, nowS());
    printer.agent.send({
      type: 'state',
      kind: 'snapshot',
      state: printing('usb/calibration.gcode', nowS() + 900),
    });
    clock.advance(900 + START_GRACE_S + 1);
    await eventually(async () => {
      const jobs = await jobsOf(printer.printerId);
      expect(jobs.find((job) => job.id === ours)).toMatchObject({
        outcome: 'unknown',
        end_reason: expect.stringContaining('printing another job'),
        end_reason_code: 'replaced',
      });
      expect(jobs.find((job) => job.file_name === 'calibration.gcode')).toMatchObject({
        outcome: 'printing',
        started_on_printer: true,
        file_id: null,
      });
    });
    // the same print seen again (a later state, a reconnect) is not recorded twice
    printer.agent.send({
      type: 'state',
      kind: 'snapshot',
      state: printing('usb/calibration.gcode', nowS() - START_GRACE_S + 5),
    });
    printer.agent.send({ type: 'state', kind: 'snapshot', state: idle() });
    await eventually(async () => {
      const local = (await jobsOf(printer.printerId)).filter(
        (job) => job.file_name === 'calibration.gcode',
      );
      expect(local).toHaveLength(1);
      expect(local[0]).toMatchObject({ outcome: 'unknown' });
    });
    printer.agent.close();
  });

  it('a state that says nothing (printer host unreachable) ends nothing', async () => {
    const printer = await addPrinter('Blind');
    const ours = await startOurPrint(printer, nowS());
    printer.agent.send({
      type: 'state',
      kind: 'snapshot',
      state: readyState({
        is_paired: false,
        state: { text: 'Unknown', flags: { ...flags, operational: false, ready: false } },
        error: { code: 'printer-unreachable', detail: 'OctoPrint does not answer.' },
      }),
    });
    await eventually(async () =>
      expect(await jobById(printer.printerId, ours)).toMatchObject({
        outcome: 'unknown',
        ended_on: null,
      }),
    );
    printer.agent.send({
      type: 'state',
      kind: 'snapshot',
      state: printing('benchy.gcode', nowS()),
    });
    await eventually(async () =>
      expect((await jobById(printer.printerId, ours))?.outcome).toBe('printing'),
    );
    printer.agent.close();
  });
});

describe('a device that never comes back', () => {
  it('has its open jobs ended as unknown after the grace period, by the clock-driven sweep', async () => {
    const printer = await addPrinter('Gone');
    const ours = await startOurPrint(printer, nowS());
    printer.agent.close();
    await eventually(async () =>
      expect((await jobById(printer.printerId, ours))?.outcome).toBe('unknown'),
    );
    const { printJobs } = t.server.services;
    // read straight from the database: the moved clock has expired every access token
    const row = () =>
      t.server.database.db
        .selectFrom('print_jobs')
        .selectAll()
        .where('id', '=', ours)
        .executeTakeFirstOrThrow();
    clock.advance(LOST_DEVICE_GRACE_S - 60);
    await printJobs.sweepLostJobs();
    expect((await row()).ended_on).toBeNull();
    clock.advance(120);
    await printJobs.sweepLostJobs();
    expect(await row()).toMatchObject({
      outcome: 'unknown',
      end_reason: expect.stringContaining('has not been seen for 12 hours'),
    });
    expect(endsOf(ours)).toBe(1);
    await printJobs.sweepLostJobs();
    expect(endsOf(ours)).toBe(1);
  });
});
