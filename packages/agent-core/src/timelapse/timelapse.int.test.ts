import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  startVirtualMoonraker,
  startVirtualOctoPrint,
  type VirtualMoonraker,
  type VirtualOctoPrint,
} from '@printdeck/simulator';
import { createIdentity } from '../connection/identity.js';
import { startAgent, type Agent } from '../agent.js';
import { silentLogger } from '../log.js';
import type { PrinterHost } from '../drivers/create-driver.js';
import { eventually, TEST_TUNING, whileAdvancing } from '../../test-support/drivers.js';
import { useServerWithWorkspace } from '../../test-support/server.js';

/** The agent records timelapses against both simulators and the real server (issue 12). */

const fx = useServerWithWorkspace({ printSeconds: 3600 });
const { api, cleanups } = fx;
const warnings: string[] = [];

/** Waits are generous: two cores are shared with other test files. */
const WAIT_MS = 30_000;

/** A TCP hop between agent and server that a test can cut, like a Wi-Fi that drops. */
async function startCuttableLink(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let isDown = false;
  const server: Server = createServer((client) => {
    if (isDown) return client.destroy();
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setDown(down: boolean) {
      isDown = down;
      if (down) for (const socket of sockets) socket.destroy();
    },
  };
}

const SIMULATED = {
  speed: 0,
  tickMs: 10,
  printer: { homingSeconds: 0 },
  camera: { width: 160, height: 120 },
};
type Sim = VirtualOctoPrint | VirtualMoonraker;

async function startPrinter(kind: 'octoprint' | 'moonraker', serverUrl = fx.t.baseUrl) {
  const sim: Sim =
    kind === 'octoprint'
      ? await startVirtualOctoPrint({ ...SIMULATED, pushIntervalMs: 20 })
      : await startVirtualMoonraker({ ...SIMULATED, statusIntervalMs: 20 });
  cleanups.push(() => sim.close());
  const key = (await api('/api/device_keys/', { method: 'POST' })).body.token as string;
  const host: PrinterHost =
    kind === 'octoprint'
      ? { kind, url: sim.url, apiKey: (sim as VirtualOctoPrint).apiKey }
      : { kind, url: sim.url };
  const agent: Agent = startAgent({
    serverUrl,
    deviceKey: key,
    identity: createIdentity(),
    printer: host,
    tuning: { ...TEST_TUNING, timelapseIntervalMs: 40 },
    timelapseDir: mkdtempSync(path.join(tmpdir(), 'printdeck-spool-')),
    localIpAddress: '192.168.7.30',
    log: {
      ...silentLogger,
      warn: (message, fields) => warnings.push(`${message} ${JSON.stringify(fields)}`),
    },
  });
  cleanups.push(() => agent.stop());
  const id = (
    await api('/api/printers/', {
      method: 'POST',
      body: { group: fx.workspace, name: kind, token: key },
    })
  ).body.id as number;
  await eventually(
    'ready',
    () => printerState(id),
    (state) => state === 'READY_TO_PRINT',
    WAIT_MS,
  );
  return { sim, agent, id };
}

async function printerState(id: number): Promise<string> {
  return (await fx.deviceState(id)).printer_state;
}

async function print(sim: Sim, printerId: number, makeVideo: boolean): Promise<number> {
  const started = await whileAdvancing(
    sim.printer,
    api(`/api/printers/${printerId}/files/`, {
      method: 'POST',
      body: { file_id: fx.fileId, print: true, make_video: makeVideo },
    }),
    50,
  );
  expect(started.status, started.text).toBe(201);
  await eventually(
    'printing',
    () => printerState(printerId),
    (state) => state === 'PRINTING',
    WAIT_MS,
  );
  return started.body.printjob_id as number;
}

/** Lets the print run slowly, so the camera sees it grow, for `frames` frames. */
async function recordFrames(sim: Sim, agent: Agent, frames: number): Promise<void> {
  const start = agent.timelapseStats().captured;
  await whileAdvancing(
    sim.printer,
    eventually(
      'frames taken',
      async () => agent.timelapseStats().captured,
      (n) => n >= start + frames,
      WAIT_MS,
    ),
    2000,
  );
}

async function finish(sim: Sim, printerId: number): Promise<void> {
  await whileAdvancing(
    sim.printer,
    eventually(
      'done',
      () => printerState(printerId),
      (state) => state === 'READY_TO_PRINT',
      WAIT_MS,
    ),
    60_000,
  );
}

const videoState = async (jobId: number) =>
  (
    (await api(`/api/groups/${fx.workspace}/print-jobs/?limit=100`)).body.results as Array<{
      id: number;
      video_state: string | null;
    }>
  ).find((job) => job.id === jobId)!.video_state;

describe.each(['octoprint', 'moonraker'] as const)('timelapse on %s', (kind) => {
  it(
    'records frames while a make_video print runs and the video becomes READY; none without make_video',
    { timeout: 120_000 },
    async () => {
      const { sim, agent, id } = await startPrinter(kind);
      const jobId = await print(sim, id, true);
      await recordFrames(sim, agent, 4);
      await eventually(
        'recording',
        () => videoState(jobId),
        (state) => state === 'RECORDING',
        WAIT_MS,
      );
      await finish(sim, id);
      await eventually(
        'ready',
        () => videoState(jobId),
        (state) => state === 'READY',
        WAIT_MS,
      );
      const video = (await api(`/api/groups/${fx.workspace}/videos/${jobId}/`)).body;
      const stats = agent.timelapseStats();
      expect(video.frames.received, JSON.stringify({ stats, frames: video.frames, warnings })).toBe(
        stats.captured,
      );
      expect(video.frames.received).toBeGreaterThanOrEqual(4);
      expect(video.frames).toMatchObject({ corrupt: 0, dropped: 0 });
      expect(video.check).toEqual({ flagged: false, reasons: [] });
      expect(stats).toMatchObject({ waiting: 0, refused: 0 });

      const plain = await print(sim, id, false);
      await finish(sim, id);
      expect(agent.timelapseStats().captured).toBe(stats.captured);
      expect(await videoState(plain)).toBe('NOT_RECORDED');
    },
  );
});

describe('a link drop mid-print', () => {
  it(
    'loses no frame: the spool keeps them and sends them when the server is back',
    { timeout: 120_000 },
    async () => {
      const link = await startCuttableLink(fx.t.baseUrl);
      const { sim, agent, id } = await startPrinter('octoprint', link.url);
      const jobId = await print(sim, id, true);
      await recordFrames(sim, agent, 2);
      link.setDown(true);
      const sentBefore = agent.timelapseStats().sent;
      await recordFrames(sim, agent, 5);
      expect(agent.timelapseStats().waiting).toBeGreaterThan(0);
      expect(agent.timelapseStats().sent).toBeLessThanOrEqual(sentBefore + 1);
      link.setDown(false);
      await finish(sim, id);
      await eventually(
        'ready',
        () => videoState(jobId),
        (state) => state === 'READY',
        WAIT_MS,
      );
      const video = (await api(`/api/groups/${fx.workspace}/videos/${jobId}/`)).body;
      expect(video.frames.received).toBe(agent.timelapseStats().captured);
      expect(video.frames.dropped).toBe(0);
      expect(agent.timelapseStats()).toMatchObject({ waiting: 0, refused: 0, dropped: 0 });
    },
  );
});
