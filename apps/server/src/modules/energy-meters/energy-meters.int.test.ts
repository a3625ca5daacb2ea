import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildPrinterWithAgent,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { eventually, type FakeAgent } from '../../../test-support/fake-agent.js';
import {
  startFakeEnergyMeter,
  type FakeEnergyMeter,
} from '../../../test-support/fake-energy-meter.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let admin: BuiltUser;
let observer: BuiltUser;
let stranger: BuiltUser;
let workspaceId: number;
let fileId: number;
let printer: { printerId: number; agent: FakeAgent };
let tasmota: FakeEnergyMeter;
let shelly: FakeEnergyMeter;

/** 200 W nominal × 2 h = 0.4 kWh at 0.3 per kWh: 0.12 when the meter is not used. */
const NOMINAL_ENERGY_COST = 0.12;

beforeAll(async () => {
  [tasmota, shelly] = await Promise.all([
    startFakeEnergyMeter('tasmota'),
    startFakeEnergyMeter('shelly'),
  ]);
  tasmota.consume(12_345, 48);
  shelly.consume(6_532, 9);
  // LAN mode on for this machine only: the plugs listen on 127.0.0.1
  ({ t, user: admin } = await startServerWithUser({
    env: { LAN_PRINTER_NETWORKS: '127.0.0.1/32' },
  }));
  observer = await buildUser(t);
  stranger = await buildUser(t);
  workspaceId = await buildWorkspace(t, admin);
  await addMember(t, workspaceId, observer, 'observer');
  const upload = await uploadFile(t, admin.access, workspaceId, { bytes: buildTextGcode() });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  fileId = upload.body.id;
  printer = await buildPrinterWithAgent(t, { token: admin.access, workspaceId, name: 'Metered' });
  printer.agent.answer((request) =>
    request.command.name === 'print_file' ? { ok: true, result: { started: true } } : undefined,
  );
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: admin.access,
    });
    expect(
      states.body.find((s: { printer_id: number }) => s.printer_id === printer.printerId)
        .printer_state,
    ).toBe('READY_TO_PRINT');
  });
  await t.api(`/api/users/me/groups/${workspaceId}/`, {
    method: 'PATCH',
    token: admin.access,
    body: { settings: { energy_price_kwh: 0.3, currency: 'EUR' } },
  });
  await t.api(`/api/printers/${printer.printerId}/`, {
    method: 'PATCH',
    token: admin.access,
    body: { average_power_w: 200 },
  });
});
afterAll(async () => {
  printer.agent.close();
  await t.close();
  await Promise.all([tasmota.close(), shelly.close()]);
});

const meterPath = () => `/api/printers/${printer.printerId}/energy-meter/`;
/** the server reads these plugs itself (LAN mode); the agent's reading: energy-meter-agent.int */
const putMeter = (body: object, user: BuiltUser = admin) =>
  t.api(meterPath(), { method: 'PUT', token: user.access, body: { read_by: 'server', ...body } });

/**
 * A job that printed for 2 h: started, its start reading awaited, `duringPrint` run (the plug's
 * counter moves), then ended. Answers the job as the print history shows it.
 */
async function printMetered(
  duringPrint: () => void,
): Promise<{ id: number; energy_kwh: number | null; cost: { energy: number | null } | null }> {
  const started = await t.api(`/api/printers/${printer.printerId}/files/`, {
    method: 'POST',
    token: admin.access,
    body: { file_id: fileId, print: true, make_video: false },
  });
  expect(started.status, started.text).toBe(201);
  const jobId = started.body.printjob_id as number;
  const db = t.server.database.db;
  const hasMeter = await db
    .selectFrom('printer_energy_meters')
    .select('printer_id')
    .where('printer_id', '=', printer.printerId)
    .executeTakeFirst();
  if (hasMeter) {
    await eventually(async () => {
      const row = await db
        .selectFrom('print_jobs')
        .select('energy_meter_start_wh')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(row.energy_meter_start_wh).not.toBeNull();
    });
  }
  await db
    .updateTable('print_jobs')
    .set({ started_on: new Date(Date.now() - 2 * 3600_000).toISOString() })
    .where('id', '=', jobId)
    .execute();
  duringPrint();
  printer.agent.send({ type: 'event', name: 'job_finished', job_id: jobId, data: {} });
  return eventually(async () => {
    const page = await t.api(`/api/groups/${workspaceId}/print-jobs/`, { token: admin.access });
    const job = page.body.results.find((row: { id: number }) => row.id === jobId);
    expect(job.ended_on).not.toBeNull();
    return job;
  }, 20_000);
}

describe('naming a meter', () => {
  it('a wrong kind, an address outside LAN mode, or no plug answering: a field error, nothing saved', async () => {
    const cases: Array<[object, string]> = [
      [{ kind: 'sonoff', url: tasmota.url }, 'kind'],
      [{ kind: 'tasmota', url: 'ftp://127.0.0.1' }, 'url'],
      [{ kind: 'tasmota', url: 'http://admin:pw@127.0.0.1' }, 'url'],
      // outside LAN_PRINTER_NETWORKS (127.0.0.1/32): refused before anything is sent
      [{ kind: 'tasmota', url: 'http://127.0.0.2:9' }, 'url'],
      [{ kind: 'shelly', url: shelly.url, channel: -1 }, 'channel'],
      [{ kind: 'tasmota', url: tasmota.url, read_by: 'cloud' }, 'read_by'],
      // a Shelly asked as a Tasmota answers 404; a Shelly without switch 3 answers 404
      [{ kind: 'tasmota', url: `${shelly.url}/` }, 'url'],
      [{ kind: 'shelly', url: shelly.url, channel: 3 }, 'url'],
    ];
    const check = async ([body, field]: [object, string]) => {
      const response = await putMeter(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.details), JSON.stringify(response.body)).toContain(field);
    };
    for (const entry of cases) await check(entry);
    tasmota.setMode('garbage');
    try {
      await check([{ kind: 'tasmota', url: tasmota.url }, 'url']);
    } finally {
      tasmota.setMode('up');
    }
    const shown = await t.api(meterPath(), { token: admin.access });
    expect(shown.body).toEqual({ meter: null, reading: null, reading_error: null });
  });

  it('observers read but may not set it; another workspace’s printer is not found', async () => {
    expect((await putMeter({ kind: 'tasmota', url: tasmota.url }, observer)).status).toBe(403);
    expect((await t.api(meterPath(), { token: observer.access })).status).toBe(200);
    expect((await t.api(meterPath(), { token: stranger.access })).status).toBe(404);
    expect((await putMeter({ kind: 'tasmota', url: tasmota.url }, stranger)).status).toBe(404);
  });

  it('a Tasmota plug is saved with what it reads now (Status 8)', async () => {
    const response = await putMeter({ kind: 'tasmota', url: tasmota.url });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      meter: { kind: 'tasmota', url: tasmota.url, channel: 0, read_by: 'server' },
      reading: { total_kwh: 12.345, power_w: 48 },
      reading_error: null,
    });
    expect(tasmota.requests).toContain('/cm?cmnd=Status%208');
  });
});

describe('energy measured per job', () => {
  it('Tasmota: the kWh between start and end are the job’s, and its energy cost uses them', async () => {
    const job = await printMetered(() => tasmota.consume(250, 120));
    expect(job.energy_kwh).toBeCloseTo(0.25, 6);
    expect(job.cost!.energy).toBeCloseTo(0.25 * 0.3, 3);
  });

  it('Shelly (Switch.GetStatus): the same from aenergy.total in Wh', async () => {
    expect((await putMeter({ kind: 'shelly', url: shelly.url })).body.reading).toEqual({
      total_kwh: 6.532,
      power_w: 9,
    });
    const job = await printMetered(() => shelly.consume(100.5, 150));
    expect(job.energy_kwh).toBeCloseTo(0.1005, 6);
    expect(job.cost!.energy).toBeCloseTo(0.1005 * 0.3, 3);
    expect(shelly.requests).toContain('/rpc/Switch.GetStatus?id=0');
  });

  it('a plug silent at the end, or whose counter went back, measures nothing: the average power prices it', async () => {
    const silent = await printMetered(() => {
      shelly.consume(80);
      shelly.setMode('silent');
    });
    shelly.setMode('up');
    expect(silent.energy_kwh).toBeNull();
    expect(silent.cost!.energy).toBeCloseTo(NOMINAL_ENERGY_COST, 2);
    const reset = await printMetered(() => shelly.resetCounter());
    expect(reset.energy_kwh).toBeNull();
    expect(reset.cost!.energy).toBeCloseTo(NOMINAL_ENERGY_COST, 2);
  });

  it('without a meter the job is not measured', async () => {
    const removed = await t.api(meterPath(), { method: 'DELETE', token: admin.access });
    expect(removed.status).toBe(204);
    const job = await printMetered(() => shelly.consume(500));
    expect(job.energy_kwh).toBeNull();
    expect(job.cost!.energy).toBeCloseTo(NOMINAL_ENERGY_COST, 2);
  });
});
