import { describe, expect, it } from 'vitest';
import {
  startVirtualMoonraker,
  startVirtualOctoPrint,
  type VirtualMoonraker,
  type VirtualOctoPrint,
} from '@printdeck/simulator';
import type { DeviceDriver, PrinterDeviceState } from '@printdeck/shared';
import { createLogger } from '@printdeck/server/src/logger.js';
import { startServer } from '@printdeck/server/src/composition-root.js';
import { buildUser, buildWorkspace } from '@printdeck/server/test-support/factories.js';
import { startTestServer } from '@printdeck/server/test-support/test-server.js';
import { startAgent, type Agent } from './agent.js';
import { createIdentity } from './connection/identity.js';
import {
  KEY_REFUSED_MESSAGE,
  PAIRED_ELSEWHERE_MESSAGE,
  REPLACED_MESSAGE,
} from './connection/stop-reasons.js';
import type { Logger } from './log.js';
import type { PrinterHost } from './drivers/create-driver.js';
import {
  eventually,
  sha256,
  slicedGcode,
  startFileServer,
  TEST_TUNING,
  uploadableGcode,
  whileAdvancing,
} from '../test-support/drivers.js';
import { expectBasicControls, useServerWithWorkspace } from '../test-support/server.js';

/** The agent against the real server: gateway, device keys, printers API, control actions. */

const fx = useServerWithWorkspace();
const { api, cleanups, control, deviceState, waitForPrinterState } = fx;

async function createDeviceKey(): Promise<string> {
  const response = await api('/api/device_keys/', { method: 'POST' });
  expect(response.status).toBe(201);
  return response.body.token as string;
}

/** The agent of one printer keeps one identity (its state directory) across restarts. */
const identities = new Map<string, string>();
const identityOf = (key: string) =>
  identities.get(key) ?? identities.set(key, createIdentity()).get(key)!;

function runAgent(
  key: string,
  printer: PrinterHost,
  serverUrl = fx.t.baseUrl,
  own: { identity?: string; log?: Logger } = {},
): Agent {
  const agent = startAgent({
    serverUrl,
    deviceKey: key,
    identity: own.identity ?? identityOf(key),
    ...(own.log ? { log: own.log } : {}),
    printer,
    tuning: TEST_TUNING,
    localIpAddress: '192.168.7.20',
  });
  cleanups.push(() => agent.stop());
  return agent;
}

async function addPrinter(name: string, key: string): Promise<number> {
  const response = await api('/api/printers/', {
    method: 'POST',
    body: { group: fx.workspace, name, token: key },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as number;
}

/** Simulated time, instant homing and quick pushes: the tests move the clock themselves. */
const SIMULATED = { speed: 0, tickMs: 10, printer: { homingSeconds: 0 } };

function closeLater<T extends { close(): Promise<void> }>(sim: T): T {
  cleanups.push(() => sim.close());
  return sim;
}

const startOctoPrint = async (): Promise<VirtualOctoPrint> =>
  closeLater(await startVirtualOctoPrint({ ...SIMULATED, camera: {}, pushIntervalMs: 20 }));
const startMoonraker = async (): Promise<VirtualMoonraker> =>
  closeLater(await startVirtualMoonraker({ ...SIMULATED, statusIntervalMs: 20 }));

/** A simulated OctoPrint with its own agent and device key, added to the workspace. */
async function octoprintPrinter(
  name: string,
  kind: Extract<DeviceDriver, 'octoprint' | 'pill'> = 'octoprint',
) {
  const sim = await startOctoPrint();
  const key = await createDeviceKey();
  const agent = runAgent(key, { kind, url: sim.url, apiKey: sim.apiKey });
  const id = await addPrinter(name, key);
  await waitForPrinterState(id, 'READY_TO_PRINT');
  return { sim, key, agent, id };
}

describe('agent ⇄ server: an OctoPrint printer', () => {
  it('reports READY_TO_PRINT with its state, and obeys control actions through the API', async () => {
    const { sim, id } = await octoprintPrinter('MK4');
    const row = await deviceState(id);
    expect(row).toMatchObject({
      is_connected: true,
      is_paired: true,
      local_ip_address: '192.168.7.20',
      state: { error: null, state: { text: 'Operational' } },
      plugins: { power_relay: true, camera: true },
    });
    expect((await api(`/api/printers/${id}/`)).body.device_type).toBe('octoprint');

    await expectBasicControls(fx, id, sim, {
      commands: ['M117 via API\n\nM105'],
      message: 'via API',
    });
    expect((await control(id, 'fan_state', { state: 'on' })).status).toBe(204);
    await eventually(
      'fan',
      () => sim.printer.fanSpeed,
      (s) => s === 1,
    );
    expect((await api(`/api/printers/${id}/files/`)).body).toEqual([]);
    expect((await api(`/api/printers/${id}/klipper-macros/`)).status).toBe(409);
  });

  it('a print file travels by download: progress, checks, the print starts once; a bad checksum prints nothing', async () => {
    const { sim, key, id } = await octoprintPrinter('Prusa');
    const { live, deviceKeys } = fx.t.server.services.devices;
    const deviceKeyId = (await deviceKeys.verifyDeviceKey(key))!;
    const events: Array<{ name: string; jobId: number | null; data: Record<string, unknown> }> = [];
    live.onEvent((from, event) => from === deviceKeyId && events.push(event));
    const content = slicedGcode(600);
    const files = await startFileServer({ 'benchy.gcode': content });
    cleanups.push(() => files.close());
    const command = {
      name: 'print_file' as const,
      url: files.url('benchy.gcode'),
      file_name: 'benchy.gcode',
      size: content.length,
      sha256: sha256(content),
      print: true,
      job_id: 42,
    };

    const refused = await live
      .request(
        deviceKeyId,
        { ...command, sha256: sha256(Buffer.from('other')), job_id: 41 },
        10_000,
      )
      .catch((error: { code: string }) => error);
    expect(refused).toMatchObject({ code: 'checksum-mismatch' });
    expect(sim.printer.files.list()).toEqual([]);

    expect(await live.request(deviceKeyId, command, 10_000)).toEqual({
      path: 'benchy.gcode',
      started: true,
    });
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'PRINTING');
    await eventually('job_started', () => events.find((e) => e.name === 'job_started'));
    expect(events.find((e) => e.name === 'job_started')).toMatchObject({ jobId: 42 });
    expect(events.filter((e) => e.name === 'download_progress').at(-1)).toMatchObject({
      jobId: 42,
      data: { percent: 100 },
    });
    // the same job again is answered, never started twice
    expect(await live.request(deviceKeyId, command, 10_000)).toEqual({
      path: 'benchy.gcode',
      started: true,
    });
    expect(files.requests.filter((name) => name === 'benchy.gcode')).toHaveLength(2);

    expect((await control(id, 'pause')).status).toBe(204);
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'PAUSED');
    expect((await control(id, 'cancel')).status).toBe(204);
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'READY_TO_PRINT');
    await eventually('job_cancelled', () => events.find((e) => e.name === 'job_cancelled'));
  });

  it('prints a workspace file through the API: the agent downloads it by its signed link, and the job ends done', async () => {
    const { sim, id } = await octoprintPrinter('Prusa via API');
    const fileId = await fx.uploadGcode(uploadableGcode(120), 'cube.gcode');
    const jobId = (await fx.startPrint(sim.printer, id, { fileId })).printjob_id;
    expect(sim.printer.files.list().map((f) => f.path)).toContain('cube.gcode');
    await waitForPrinterState(id, 'PRINTING');
    const job = async () => (await fx.jobsOf(id))[0];
    expect(await job()).toMatchObject({ id: jobId, outcome: 'printing' });
    await whileAdvancing(
      sim.printer,
      eventually('job done', job, (j) => j?.outcome === 'done'),
      5000,
    );
  });

  it('an agent started without an OctoPrint key gets the one typed in when the printer was added', async () => {
    const sim = await startOctoPrint();
    const key = await createDeviceKey();
    runAgent(key, { kind: 'octoprint', url: sim.url });
    const withoutKey = await api('/api/printers/', {
      method: 'POST',
      body: { group: fx.workspace, name: 'Keyless', token: key },
    });
    await waitForPrinterState(withoutKey.body.id, 'OCTOPRINT_PERMISSION_DENIED');
    const updated = await api(`/api/printers/${withoutKey.body.id}/`, {
      method: 'PATCH',
      body: { api_key: sim.apiKey },
    });
    expect(updated.status).toBe(200);
    expect(JSON.stringify(updated.body)).not.toContain(sim.apiKey);
    await waitForPrinterState(withoutKey.body.id, 'READY_TO_PRINT');
  });

  const storedOctoprintKey = async (printerId: number) =>
    (
      await fx.t.server.database.db
        .selectFrom('printers')
        .select('octoprint_api_key')
        .where('id', '=', printerId)
        .executeTakeFirstOrThrow()
    ).octoprint_api_key;

  it('keeps the OctoPrint key sealed in the database and hands the agent the key itself', async () => {
    const sim = await startOctoPrint();
    const key = await createDeviceKey();
    runAgent(key, { kind: 'octoprint', url: sim.url });
    const added = await api('/api/printers/', {
      method: 'POST',
      body: { group: fx.workspace, name: 'Sealed', token: key, api_key: sim.apiKey },
    });
    expect(added.status, added.text).toBe(201);
    await waitForPrinterState(added.body.id, 'READY_TO_PRINT');
    const stored = await storedOctoprintKey(added.body.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(sim.apiKey);
  });

  it('seals a key stored in the clear by an older version, and its agent still gets the key', async () => {
    const sim = await startOctoPrint();
    const key = await createDeviceKey();
    const id = await addPrinter('From before sealing', key);
    await fx.t.server.database.db
      .updateTable('printers')
      .set({ octoprint_api_key: sim.apiKey })
      .where('id', '=', id)
      .execute();
    const { printers } = fx.t.server.services.devices;
    expect(await printers.sealClearOctoprintKeys()).toBe(1);
    expect(await storedOctoprintKey(id)).toMatch(/^v1\./);
    expect(await printers.sealClearOctoprintKeys()).toBe(0);
    runAgent(key, { kind: 'octoprint', url: sim.url });
    await waitForPrinterState(id, 'READY_TO_PRINT');
  });

  it('while the agent downloads a print file the printer is DOWNLOADING_PRINT_FILE with a percent', async () => {
    const { sim, key, id } = await octoprintPrinter('Slow link');
    const deviceKeyId = (await fx.t.server.services.devices.deviceKeys.verifyDeviceKey(key))!;
    const content = Buffer.concat([slicedGcode(600), Buffer.alloc(200_000, ';')]);
    const files = await startFileServer({ 'big.gcode': content }, { pieces: 20, delayMs: 40 });
    cleanups.push(() => files.close());
    const printing = fx.t.server.services.devices.live.request(
      deviceKeyId,
      {
        name: 'print_file',
        url: files.url('big.gcode'),
        file_name: 'big.gcode',
        size: content.length,
        sha256: sha256(content),
        print: true,
        job_id: 43,
      },
      10_000,
    );
    const row = await eventually(
      'downloading',
      () => deviceState(id),
      (r) => r.printer_state === 'DOWNLOADING_PRINT_FILE' && (r.download_progress ?? 0) > 0,
    );
    expect(row.state.error?.code).toBe('download-in-progress');
    expect(row.download_progress).toBeLessThan(100);
    expect(await printing).toEqual({ path: 'big.gcode', started: true });
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'PRINTING');
  });

  it("while the next file downloads, the previous print's 100 % is not shown (issue 30)", async () => {
    const { sim, key, id } = await octoprintPrinter('Done before');
    const deviceKeyId = (await fx.t.server.services.devices.deviceKeys.verifyDeviceKey(key))!;
    sim.printer.files.put('short.gcode', slicedGcode(10), sim.printer.time);
    await fx.t.server.services.devices.live.request(
      deviceKeyId,
      { name: 'start_local_file', path: 'short.gcode' },
      10_000,
    );
    const done = await whileAdvancing(
      sim.printer,
      eventually(
        'the print at 100 %',
        () => deviceState(id),
        (r) => r.printer_state === 'READY_TO_PRINT' && r.job?.completion === 100,
      ),
      1000,
    );
    expect(done.job?.file_name).toBe('short.gcode');
    const content = Buffer.concat([slicedGcode(600), Buffer.alloc(200_000, ';')]);
    const files = await startFileServer({ 'next.gcode': content }, { pieces: 20, delayMs: 40 });
    cleanups.push(() => files.close());
    const printing = fx.t.server.services.devices.live.request(
      deviceKeyId,
      {
        name: 'print_file',
        url: files.url('next.gcode'),
        file_name: 'next.gcode',
        size: content.length,
        sha256: sha256(content),
        print: true,
        job_id: 44,
      },
      10_000,
    );
    const row = await eventually(
      'downloading',
      () => deviceState(id),
      (r) => r.printer_state === 'DOWNLOADING_PRINT_FILE' && (r.download_progress ?? 0) > 0,
    );
    expect(row.job).toBeNull();
    expect(await printing).toEqual({ path: 'next.gcode', started: true });
  });

  it('make_video on a printer without a camera: the agent says so at the start (issue 30)', async () => {
    const sim = closeLater(await startVirtualOctoPrint({ ...SIMULATED, pushIntervalMs: 20 }));
    const key = await createDeviceKey();
    runAgent(key, { kind: 'octoprint', url: sim.url, apiKey: sim.apiKey });
    const id = await addPrinter('No camera', key);
    await waitForPrinterState(id, 'READY_TO_PRINT');
    const fileId = await fx.uploadGcode(uploadableGcode(120), 'filmed.gcode');
    const started = await fx.startPrint(sim.printer, id, { fileId, makeVideo: true });
    expect(started.warnings).toEqual(['no_camera']);
    const jobs = await fx.jobsOf(id);
    expect(jobs.find((j) => j.id === started.printjob_id)?.video_state).toBe('NOT_RECORDED');
  });

  it('an OctoPrint that stops answering: the printer is unknown, never failed', async () => {
    const { sim, id } = await octoprintPrinter('Ender');
    sim.faults.setLinkDown(true);
    const row = await eventually(
      'unreachable',
      () => deviceState(id),
      (r) => r.state.error?.code === 'printer-unreachable',
    );
    expect(row).toMatchObject({
      is_connected: true,
      is_paired: false,
      printer_state: 'PRINTER_NOT_PAIRED',
    });
    expect(row.state.state?.flags.error).toBe(false);
    sim.faults.setLinkDown(false);
    await waitForPrinterState(id, 'READY_TO_PRINT');
  });
});

describe('agent ⇄ server: a Klipper printer', () => {
  it('answers a move before homing with 408 axis_homing_required, and serves the Klipper tab', async () => {
    const sim = await startMoonraker();
    const key = await createDeviceKey();
    runAgent(key, { kind: 'moonraker', url: sim.url });
    const id = await addPrinter('Voron', key);
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect((await deviceState(id)).klipper).toEqual({
      state: 'ready',
      state_message: 'Printer is ready',
    });

    const refused = await control(id, 'move_head', { x: 10 });
    expect(refused.status).toBe(408);
    expect(refused.body.code).toBe('axis_homing_required');
    expect((await control(id, 'home_head', { axes: ['x', 'y', 'z'] })).status).toBe(204);
    expect((await control(id, 'move_head', { x: 10 })).status).toBe(204);
    const outOfRange = await control(id, 'move_head', { z: 900 });
    expect(outOfRange.status).toBe(408);
    expect(outOfRange.body.code).toBe('out_of_range');

    expect((await api(`/api/printers/${id}/klipper-printer-info/`)).body).toEqual({
      state: 'ready',
      state_message: 'Printer is ready',
    });
    expect((await api(`/api/printers/${id}/klipper-macros/`)).body).toContainEqual({
      name: 'START_PRINT',
      description: 'Heat up, home and prime',
    });
    const store = (await api(`/api/printers/${id}/klipper-gcode-store/`)).body as Array<{
      message: string;
    }>;
    expect(store.some((entry) => entry.message.includes('G28'))).toBe(true);

    expect((await control(id, 'emergency_stop')).status).toBe(204);
    await waitForPrinterState(id, 'ERROR');
    expect((await control(id, 'send_command', { commands: ['FIRMWARE_RESTART'] })).status).toBe(
      204,
    );
    await whileAdvancing(sim.printer, waitForPrinterState(id, 'READY_TO_PRINT'));

    // the relay: off leaves the printer unpaired, which is when it may be turned on again
    expect((await api(`/api/printers/${id}/power/`, { method: 'DELETE' })).status).toBe(204);
    await waitForPrinterState(id, 'PRINTER_NOT_PAIRED');
    expect((await api(`/api/printers/${id}/power/`, { method: 'POST' })).status).toBe(204);
    await whileAdvancing(sim.printer, waitForPrinterState(id, 'READY_TO_PRINT'));
  });
});

describe('agent ⇄ server: keys and connections', () => {
  it('a refused key stops the agent with a clear message', async () => {
    const sim = await startOctoPrint();
    const agent = runAgent('not-a-device-key', {
      kind: 'octoprint',
      url: sim.url,
      apiKey: sim.apiKey,
    });
    expect(await agent.stopped).toEqual({ reason: 'key-refused', message: KEY_REFUSED_MESSAGE });
    expect(agent.isOnline()).toBe(false);
  });

  it('another agent with a copied key is refused while the paired agent keeps the printer; after an admin pairs again, the new agent takes over', async () => {
    const { sim, key, agent: paired, id } = await octoprintPrinter('Copied');
    const warnings: string[] = [];
    const log: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (message) => warnings.push(message),
      error: (message) => warnings.push(message),
    };
    const impostor = runAgent(
      key,
      { kind: 'octoprint', url: sim.url, apiKey: sim.apiKey },
      fx.t.baseUrl,
      { identity: createIdentity(), log },
    );
    await eventually('refused as paired elsewhere', () =>
      warnings.includes(PAIRED_ELSEWHERE_MESSAGE),
    );
    expect(impostor.isOnline()).toBe(false);
    expect(paired.isOnline()).toBe(true);
    expect((await control(id, 'fan_state', { state: 'on' })).status).toBe(204);

    // the paired agent goes away for good (a new SD card); an admin pairs the key again
    await paired.stop();
    const keys = await api(`/api/groups/${fx.workspace}/device_keys/`);
    const keyId = keys.body.find((k: { printers: string[] }) => k.printers.includes('Copied')).id;
    expect(
      (await api(`/api/groups/${fx.workspace}/device_keys/${keyId}/re-pair/`, { method: 'POST' }))
        .status,
    ).toBe(204);
    await eventually('the new agent online', () => impostor.isOnline());
    await waitForPrinterState(id, 'READY_TO_PRINT');
  });

  it('the same agent connecting again (same identity) replaces its stale connection', async () => {
    const { sim, key, agent: first, id } = await octoprintPrinter('Twin');
    const second = runAgent(key, { kind: 'octoprint', url: sim.url, apiKey: sim.apiKey });
    expect(await first.stopped).toEqual({ reason: 'replaced', message: REPLACED_MESSAGE });
    await eventually('second online', () => second.isOnline());
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect((await control(id, 'fan_state', { state: 'on' })).status).toBe(204);
    await eventually(
      'fan',
      () => sim.printer.fanSpeed,
      (s) => s === 1,
    );
  });
});

describe('agent ⇄ server: a server restart', () => {
  it('the agent reconnects and sends its whole state again', async () => {
    const own = await startTestServer();
    const owner = await buildUser(own);
    const space = await buildWorkspace(own, owner);
    const key = (await own.api('/api/device_keys/', { method: 'POST', token: owner.access })).body
      .token;
    const sim = await startOctoPrint();
    const agent = runAgent(
      key,
      { kind: 'octoprint', url: sim.url, apiKey: sim.apiKey },
      own.baseUrl,
    );
    const created = await own.api('/api/printers/', {
      method: 'POST',
      token: owner.access,
      body: { group: space, name: 'Restarted', token: key },
    });
    const states = () =>
      own
        .api(`/api/groups/${space}/devices-states/`, { token: owner.access })
        .then((r) =>
          (r.body as PrinterDeviceState[]).find((row) => row.printer_id === created.body.id),
        );
    await eventually('ready', states, (row) => row?.printer_state === 'READY_TO_PRINT');

    await own.server.stop();
    await eventually('offline', () => !agent.isOnline());
    const restarted = await startServer({
      config: { ...own.config, port: Number(new URL(own.baseUrl).port) },
      logger: createLogger('silent'),
      ...(own.storage.pgSchema ? { pgSchema: own.storage.pgSchema } : {}),
    });
    try {
      await eventually('online again', () => agent.isOnline());
      await eventually('ready again', states, (row) => row?.printer_state === 'READY_TO_PRINT');
    } finally {
      await agent.stop();
      await restarted.stop();
      await own.storage.cleanup();
    }
  });
});
