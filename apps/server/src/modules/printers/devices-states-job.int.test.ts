import type { DeviceState } from '@printdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildPrinterWithAgent,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { eventually, readyState, type FakeAgent } from '../../../test-support/fake-agent.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';

/** devices-states names who started the job a printer shows (spec part 1 §2 "job name and user"). */
let t: TestServer;
let admin: BuiltUser;
let operator: BuiltUser;
let workspaceId: number;
let fileId: number;

beforeAll(async () => {
  ({ t, user: admin } = await startServerWithUser());
  operator = await buildUser(t);
  workspaceId = await buildWorkspace(t, admin);
  await addMember(t, workspaceId, operator, 'user');
  fileId = (
    await uploadFile(t, admin.access, workspaceId, {
      bytes: buildTextGcode(),
      filename: 'benchy.gcode',
    })
  ).body.id;
});
afterAll(() => t.close());

const flags = readyState().state.flags;
const startedAt = Math.round(Date.now() / 1000);

function showing(path: string, outcome: 'printing' | 'done'): DeviceState {
  const isPrinting = outcome === 'printing';
  return readyState({
    state: {
      text: isPrinting ? 'Printing' : 'Operational',
      flags: { ...flags, printing: isPrinting, ready: !isPrinting },
    },
    job: {
      file_name: path,
      completion: isPrinting ? 40 : 100,
      print_time: 600,
      print_time_left: isPrinting ? 900 : 0,
      path,
      started_at: startedAt,
      outcome,
    },
  });
}

async function addPrinter(name: string): Promise<{ printerId: number; agent: FakeAgent }> {
  const printer = await buildPrinterWithAgent(t, { token: admin.access, workspaceId, name });
  printer.agent.answer((request) =>
    request.command.name === 'print_file'
      ? { ok: true, result: { path: request.command.file_name, started: true } }
      : undefined,
  );
  return printer;
}

async function shownJob(printerId: number, token = admin.access) {
  const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, { token });
  expect(states.status).toBe(200);
  return states.body.find((row: { printer_id: number }) => row.printer_id === printerId).print_job;
}

describe('who started the job a printer shows', () => {
  it('names the member who started it while it prints, and after it finished while still shown', async () => {
    const { printerId, agent } = await addPrinter('MK4');
    await eventually(async () => {
      const answer = await t.api(`/api/printers/${printerId}/files/`, {
        method: 'POST',
        token: operator.access,
        body: { file_id: fileId, print: true, make_video: false },
      });
      expect(answer.status).toBe(201);
    });
    expect(await shownJob(printerId)).toBeNull(); // the printer shows no job yet

    agent.send({ type: 'state', kind: 'snapshot', state: showing('benchy.gcode', 'printing') });
    await eventually(async () =>
      expect(await shownJob(printerId, operator.access)).toMatchObject({
        username: operator.email,
        started_on_printer: false,
      }),
    );

    agent.send({
      type: 'event',
      name: 'job_finished',
      job_id: null,
      data: { path: 'benchy.gcode', started_at: startedAt },
    });
    agent.send({ type: 'state', kind: 'snapshot', state: showing('benchy.gcode', 'done') });
    await eventually(async () => {
      const jobs = await t.api(`/api/groups/${workspaceId}/print-jobs/?printer_id=${printerId}`, {
        token: admin.access,
      });
      expect(jobs.body.results[0].outcome).toBe('done');
    });
    expect(await shownJob(printerId)).toMatchObject({ username: operator.email });

    // the printer moved on to a file Printdeck has no record of: nobody is named
    agent.send({ type: 'state', kind: 'snapshot', state: showing('other.gcode', 'done') });
    await eventually(async () => expect(await shownJob(printerId)).toBeNull());
    agent.close();
  });

  it('says a job started on the printer itself was started there', async () => {
    const { printerId, agent } = await addPrinter('Voron');
    const identity = { path: 'local/vase.gcode', started_at: startedAt };
    agent.send({ type: 'event', name: 'job_started', job_id: null, data: identity });
    agent.send({ type: 'state', kind: 'snapshot', state: showing('local/vase.gcode', 'printing') });
    await eventually(async () =>
      expect(await shownJob(printerId)).toMatchObject({ username: '', started_on_printer: true }),
    );
    agent.close();
  });

  it('names nobody for a printer without a job', async () => {
    const { printerId, agent } = await addPrinter('Idle');
    await eventually(async () => {
      const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
        token: admin.access,
      });
      const row = states.body.find((r: { printer_id: number }) => r.printer_id === printerId);
      expect(row.printer_state).toBe('READY_TO_PRINT');
      expect(row.print_job).toBeNull();
    });
    agent.close();
  });
});

describe('the AMS trays a printer reports', () => {
  it('are in its devices-states row as the agent sent them, and null without an AMS', async () => {
    const { printerId, agent } = await addPrinter('X1C');
    const row = async () => {
      const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
        token: operator.access,
      });
      return states.body.find((r: { printer_id: number }) => r.printer_id === printerId);
    };
    await eventually(async () => expect((await row()).printer_state).toBe('READY_TO_PRINT'));
    expect((await row()).ams).toBeNull();

    const ams = {
      trays: [
        { id: 0, unit: 0, slot: 0, material: 'PLA', color: '#FF0000', remaining_percent: 80 },
        { id: 1, unit: 0, slot: 1, material: null, color: null, remaining_percent: null },
        { id: 254, unit: null, slot: null, material: 'PETG', color: null, remaining_percent: null },
      ],
      active_tray: 254,
    };
    agent.send({ type: 'state', kind: 'snapshot', state: readyState({ ams }) });
    await eventually(async () => expect((await row()).ams).toEqual(ams));
    agent.close();
  });
});
