import { afterAll, describe, expect, it } from 'vitest';
import { startVirtualBambu, startVirtualPrusaLink } from '@printdeck/simulator';
import { buildGcode3mf } from '@printdeck/server/test-support/files.js';
import {
  eventually,
  slicedGcode,
  TEST_TUNING,
  uploadableGcode,
  whileAdvancing,
} from '../test-support/drivers.js';
import { useServerWithWorkspace } from '../test-support/server.js';

/**
 * LAN mode for Bambu Lab and PrusaLink (issue 25): the server drives the simulators itself,
 * through built-in agents. Credentials are tried before anything is saved (a wrong one is a 400
 * naming its field), a library file prints to its end, an edit takes effect at once.
 */

const ACCESS_CODE = '27418093';
const PASSWORD = 'Tr7bQ2xZ';
const SIMULATED = { speed: 0, tickMs: 10, printer: { homingSeconds: 0 } };

// the Bambu ports are the server's setting (LAN_BAMBU_PORTS): the simulator is up before it
const bambu = await startVirtualBambu({
  ...SIMULATED,
  pushIntervalMs: 20,
  prepareSeconds: 1,
  accessCode: ACCESS_CODE,
});
afterAll(() => bambu.close());

const fx = useServerWithWorkspace({
  server: {
    env: {
      LAN_PRINTER_NETWORKS: '127.0.0.0/8',
      LAN_BAMBU_PORTS: `${bambu.mqttPort},${bambu.ftpsPort},${bambu.cameraPort}`,
    },
    lanAgentTuning: TEST_TUNING,
  },
});
const { api, cleanups, jobsOf, waitForPrinterState } = fx;

const addLanPrinter = (body: Record<string, unknown>) =>
  api('/api/lan-printers/', { method: 'POST', body: { group: fx.workspace, ...body } });

const lanRows = () => fx.t.server.database.db.selectFrom('lan_printers').selectAll().execute();
const printerCount = async () =>
  ((await api(`/api/groups/${fx.workspace}/printers/`)).body as unknown[]).length;

/** Refused with a 400 naming `field`, and nothing saved. */
async function expectRefusedAndNothingSaved(body: Record<string, unknown>, field: string) {
  const [printers, rows] = [await printerCount(), (await lanRows()).length];
  const refused = await addLanPrinter(body);
  expect(refused.status, refused.text).toBe(400);
  expect(Object.keys(refused.body.details)).toEqual([field]);
  expect(await printerCount()).toBe(printers);
  expect((await lanRows()).length).toBe(rows);
  return refused.body.details[field][0] as string;
}

describe('LAN mode: a Bambu Lab printer the server reaches itself', () => {
  const valid = {
    name: 'LAN P1S',
    kind: 'bambu',
    url: bambu.host,
    serial: bambu.serial,
    access_code: ACCESS_CODE,
  };

  it('refuses a wrong access code or serial before saving, naming the field', async () => {
    expect(
      await expectRefusedAndNothingSaved({ ...valid, access_code: '00000000' }, 'access_code'),
    ).toMatch(/access code/);
    expect(
      await expectRefusedAndNothingSaved({ ...valid, serial: '01P00C999999999' }, 'serial'),
    ).toMatch(/serial number/);
    expect(await expectRefusedAndNothingSaved({ ...valid, url: '127.0.0.1:8883' }, 'url')).toMatch(
      /IP address/,
    );
    expect(await expectRefusedAndNothingSaved({ ...valid, url: '10.20.30.40' }, 'url')).toMatch(
      /outside the networks this server may reach/,
    );
    const missing = await addLanPrinter({ name: 'x', kind: 'bambu', url: bambu.host });
    expect(Object.keys(missing.body.details).sort()).toEqual(['access_code', 'serial']);
  });

  it('pins the certificate, follows the printer and prints a .gcode.3mf plate from the library to its end', async () => {
    const created = await addLanPrinter(valid);
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    expect((await api(`/api/printers/${id}/`)).body.device_type).toBe('bambu');
    const row = (await lanRows()).find((r) => r.kind === 'bambu')!;
    expect(row.certificate_sha256).toMatch(/^[0-9A-F]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ACCESS_CODE);
    const connection = await api(`/api/printers/${id}/lan-connection/`);
    expect(connection.body).toMatchObject({
      kind: 'bambu',
      serial: bambu.serial,
      has_password: true,
      certificate_sha256: row.certificate_sha256,
    });
    expect(connection.text).not.toContain(ACCESS_CODE);
    await waitForPrinterState(id, 'READY_TO_PRINT');

    const fileId = await fx.uploadGcode(buildGcode3mf([1, 2]), 'plates.gcode.3mf');
    const jobId = (await fx.startPrint(bambu.printer, id, { fileId, plate: 2 })).printjob_id;
    expect(bambu.requests.at(-1)).toMatchObject({
      print: { command: 'project_file', param: 'Metadata/plate_2.gcode' },
    });
    await whileAdvancing(
      bambu.printer,
      eventually(
        'done',
        () => jobsOf(id),
        (jobs) => jobs[0]?.outcome === 'done',
        20_000,
      ),
      2000,
    );
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect((await jobsOf(id)).map((j) => [j.id, j.outcome])).toEqual([[jobId, 'done']]);

    // an edit with a wrong code is refused and changes nothing; the agent keeps its printer
    const wrong = await api(`/api/printers/${id}/lan-connection/`, {
      method: 'PUT',
      body: { kind: 'bambu', url: bambu.host, serial: bambu.serial, access_code: '11111111' },
    });
    expect(wrong.status, wrong.text).toBe(400);
    expect(Object.keys(wrong.body.details)).toEqual(['access_code']);
    expect((await lanRows()).find((r) => r.kind === 'bambu')).toEqual(row);

    // disabling lets go of the printer's MQTT connection; enabling takes it again
    const clients = bambu.connectedMqttClients();
    const disabled = await api(`/api/printers/${id}/`, {
      method: 'PATCH',
      body: { enabled: false },
    });
    expect(disabled.status, disabled.text).toBe(200);
    await eventually(
      'MQTT let go',
      async () => bambu.connectedMqttClients(),
      (n) => n === clients - 1,
    );
    expect(
      (await api(`/api/printers/${id}/`, { method: 'PATCH', body: { enabled: true } })).status,
    ).toBe(200);
    await waitForPrinterState(id, 'READY_TO_PRINT');
  });
});

describe('LAN mode: a PrusaLink printer the server reaches itself', () => {
  it('refuses a wrong password before saving; prints a library file; an edit takes effect at once', async () => {
    const sim = await startVirtualPrusaLink({ ...SIMULATED, password: PASSWORD });
    cleanups.push(() => sim.close());
    const valid = { name: 'LAN MK4', kind: 'prusalink', url: sim.url, password: PASSWORD };
    expect(await expectRefusedAndNothingSaved({ ...valid, password: 'wrong' }, 'password')).toMatch(
      /PrusaLink/,
    );
    expect(
      await expectRefusedAndNothingSaved({ ...valid, url: 'http://127.0.0.1:9' }, 'url'),
    ).toMatch(/does not answer/);

    const created = await addLanPrinter(valid);
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    expect(JSON.stringify(await lanRows())).not.toContain(PASSWORD);
    await waitForPrinterState(id, 'READY_TO_PRINT');

    const content = uploadableGcode(300);
    const fileId = await fx.uploadGcode(content, 'cube.gcode');
    const jobId = (await fx.startPrint(sim.printer, id, { fileId })).printjob_id;
    expect(sim.printer.files.get('cube.gcode')?.size).toBe(content.length);
    await whileAdvancing(
      sim.printer,
      eventually(
        'done',
        () => jobsOf(id),
        (jobs) => jobs[0]?.outcome === 'done',
        20_000,
      ),
      2000,
    );
    sim.faults.confirmOnScreen();
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect((await jobsOf(id)).map((j) => [j.id, j.outcome])).toEqual([[jobId, 'done']]);

    // another PrusaLink with its own password: the edit is tried, saved, and followed at once
    const other = await startVirtualPrusaLink({ ...SIMULATED, password: 'Other-pw9' });
    cleanups.push(() => other.close());
    other.printer.files.put('only-on-the-other.gcode', slicedGcode(60), other.printer.time);
    const refused = await api(`/api/printers/${id}/lan-connection/`, {
      method: 'PUT',
      body: { kind: 'prusalink', url: other.url, password: 'nope' },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(Object.keys(refused.body.details)).toEqual(['password']);
    const moved = await api(`/api/printers/${id}/lan-connection/`, {
      method: 'PUT',
      body: { kind: 'prusalink', url: other.url, password: 'Other-pw9' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ url: other.url, has_password: true });
    await eventually(
      'the other printer’s files',
      async () => (await api(`/api/printers/${id}/files/`)).body as Array<{ path: string }>,
      (files) => Array.isArray(files) && files.some((f) => f.path === 'only-on-the-other.gcode'),
    );
  });
});
