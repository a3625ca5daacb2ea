import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualOctoPrint, type VirtualOctoPrint } from '@printdeck/simulator';
import {
  startFakeEnergyMeter,
  type FakeEnergyMeter,
} from '@printdeck/server/test-support/fake-energy-meter.js';
import { startAgent, type Agent } from '../agent.js';
import { createIdentity } from '../connection/identity.js';
import {
  eventually,
  TEST_TUNING,
  uploadableGcode,
  whileAdvancing,
} from '../../test-support/drivers.js';
import { useServerWithWorkspace } from '../../test-support/server.js';

/**
 * Energy from a plug the printer's agent reads on its own network (issue 26): the server has
 * no LAN mode, so only the agent can reach the plug. The real agent drives a simulated
 * OctoPrint; the plug is the fake Tasmota, on loopback (the agent is configured for it).
 */

const fx = useServerWithWorkspace();

let plug: FakeEnergyMeter;
let sim: VirtualOctoPrint;
let agent: Agent;
let printerId: number;
let gcodeId: number;

/** 200 W nominal × 2 h = 0.4 kWh at 0.3 per kWh: 0.12 when the plug measured nothing. */
const NOMINAL_ENERGY_COST = 0.12;

beforeAll(async () => {
  plug = await startFakeEnergyMeter('tasmota');
  plug.consume(12_345, 48);
  sim = await startVirtualOctoPrint({
    speed: 0,
    tickMs: 10,
    printer: { homingSeconds: 0 },
    pushIntervalMs: 20,
  });
  const key = (await fx.api('/api/device_keys/', { method: 'POST' })).body.token as string;
  agent = startAgent({
    serverUrl: fx.t.baseUrl,
    deviceKey: key,
    identity: createIdentity(),
    printer: { kind: 'octoprint', url: sim.url, apiKey: sim.apiKey },
    tuning: TEST_TUNING,
    localIpAddress: '192.168.7.21',
    // the fake plug listens on loopback, which an agent reads only when told to
    plugNetworks: ['127.0.0.1/32'],
  });
  const added = await fx.api('/api/printers/', {
    method: 'POST',
    body: { group: fx.workspace, name: 'Behind NAT', token: key },
  });
  expect(added.status, added.text).toBe(201);
  printerId = added.body.id as number;
  await fx.waitForPrinterState(printerId, 'READY_TO_PRINT');
  await fx.api(`/api/users/me/groups/${fx.workspace}/`, {
    method: 'PATCH',
    body: { settings: { energy_price_kwh: 0.3, currency: 'EUR' } },
  });
  await fx.api(`/api/printers/${printerId}/`, { method: 'PATCH', body: { average_power_w: 200 } });
  gcodeId = await fx.uploadGcode(uploadableGcode(120), 'bracket.gcode');
});
afterAll(async () => {
  await agent.stop();
  await Promise.all([plug.close(), sim.close()]);
});

const meterPath = () => `/api/printers/${printerId}/energy-meter/`;
const putMeter = (body: object) => fx.api(meterPath(), { method: 'PUT', body });

interface MeteredJob {
  id: number;
  outcome: string;
  energy_kwh: number | null;
  cost: { energy: number | null } | null;
}

/**
 * A print through the agent: started, its start reading awaited, made to have lasted 2 h,
 * `duringPrint` run (the plug's counter moves), then the simulator runs it to its end.
 */
async function printMetered(duringPrint: () => void): Promise<MeteredJob> {
  const jobId = (await fx.startPrint(sim.printer, printerId, { fileId: gcodeId })).printjob_id;
  const db = fx.t.server.database.db;
  await eventually(
    'the start reading',
    () =>
      db
        .selectFrom('print_jobs')
        .select('energy_meter_start_wh')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow(),
    (row) => row.energy_meter_start_wh !== null,
  );
  await db
    .updateTable('print_jobs')
    .set({ started_on: new Date(Date.now() - 2 * 3600_000).toISOString() })
    .where('id', '=', jobId)
    .execute();
  duringPrint();
  const job = async () => {
    const page = await fx.api(`/api/groups/${fx.workspace}/print-jobs/?printer_id=${printerId}`);
    return (page.body.results as MeteredJob[]).find((row) => row.id === jobId);
  };
  const ended = await whileAdvancing(
    sim.printer,
    eventually('the job ended', job, (row) => row?.outcome === 'done'),
    5000,
  );
  await fx.waitForPrinterState(printerId, 'READY_TO_PRINT');
  return ended!;
}

describe('a plug the printer’s agent reads', () => {
  it('saving asks the agent first: its reason is a 400 on url and nothing is saved', async () => {
    const cases: Array<[object, string]> = [
      // not in the agent's plug networks (loopback 127.0.0.1/32 only here)
      [{ kind: 'tasmota', url: 'http://127.0.0.2:9' }, 'outside the networks this agent reads'],
      // a Tasmota asked as a Shelly answers 404
      [{ kind: 'shelly', url: plug.url }, 'The plug answered HTTP 404.'],
      // the server has no LAN mode: it cannot read the plug itself
      [{ kind: 'tasmota', url: plug.url, read_by: 'server' }, 'LAN mode is off'],
    ];
    for (const [body, reason] of cases) {
      const response = await putMeter(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details.url.join(' '), response.text).toContain(reason);
    }
    const requestsBefore = plug.requests.length;
    plug.setMode('garbage');
    try {
      const garbage = await putMeter({ kind: 'tasmota', url: plug.url });
      expect(garbage.status).toBe(400);
      expect(garbage.body.details.url).toEqual(['The plug did not answer JSON.']);
    } finally {
      plug.setMode('up');
    }
    expect(plug.requests.length).toBeGreaterThan(requestsBefore);
    expect((await fx.api(meterPath())).body).toEqual({
      meter: null,
      reading: null,
      reading_error: null,
    });
  });

  it('a plug the agent reads is saved with what it reads now', async () => {
    const response = await putMeter({ kind: 'tasmota', url: plug.url });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      meter: { kind: 'tasmota', url: plug.url, channel: 0, read_by: 'agent' },
      reading: { total_kwh: 12.345, power_w: 48 },
      reading_error: null,
    });
  });

  it('a job is measured through the agent’s plug and priced by what it measured', async () => {
    const job = await printMetered(() => plug.consume(250, 120));
    expect(job.energy_kwh).toBeCloseTo(0.25, 6);
    expect(job.cost!.energy).toBeCloseTo(0.25 * 0.3, 3);
  });

  it('a plug silent at the end measures nothing: the average power prices the job', async () => {
    let silent: MeteredJob;
    try {
      silent = await printMetered(() => {
        plug.consume(80);
        plug.setMode('silent');
      });
    } finally {
      plug.setMode('up');
    }
    expect(silent.energy_kwh).toBeNull();
    expect(silent.cost!.energy).toBeCloseTo(NOMINAL_ENERGY_COST, 2);
  });

  it('the agent offline: a clear error, nothing saved; the meter says why it is not read', async () => {
    await agent.stop();
    await fx.waitForPrinterState(printerId, 'NOT_CONNECTED_TO_PROXY_SERVER');
    const response = await putMeter({ kind: 'tasmota', url: `${plug.url}/other` });
    expect(response.status, response.text).toBe(409);
    expect(response.body.message).toContain('The printer’s agent is offline');
    expect(response.body.details).toEqual({ reason: 'agent-offline' });
    const shown = await fx.api(meterPath());
    expect(shown.body).toEqual({
      meter: { kind: 'tasmota', url: plug.url, channel: 0, read_by: 'agent' },
      reading: null,
      reading_error: expect.stringContaining('The printer’s agent is offline'),
    });
  });
});
