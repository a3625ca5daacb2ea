import { describe, expect, it } from 'vitest';
import {
  startVirtualMoonraker,
  startVirtualOctoPrint,
  type VirtualPrinter,
} from '@printdeck/simulator';
import { eventually, TEST_TUNING, whileAdvancing } from '../test-support/drivers.js';
import { useServerWithWorkspace } from '../test-support/server.js';

/** LAN mode (issue 17): timelapse videos from printers the server drives itself. */

const fx = useServerWithWorkspace({
  server: {
    env: { LAN_PRINTER_NETWORKS: '127.0.0.0/8' },
    lanAgentTuning: { ...TEST_TUNING, timelapseIntervalMs: 40 },
  },
  printSeconds: 3600,
});
const { api, cleanups } = fx;
const WAIT_MS = 30_000;

const SIMULATED = {
  speed: 0,
  tickMs: 10,
  printer: { homingSeconds: 0 },
  camera: { width: 160, height: 120 },
};

async function printerState(id: number): Promise<string> {
  return (await fx.deviceState(id)).printer_state;
}

const videoState = async (jobId: number) =>
  (
    (await api(`/api/groups/${fx.workspace}/print-jobs/?limit=100`)).body.results as Array<{
      id: number;
      video_state: string | null;
    }>
  ).find((job) => job.id === jobId)!.video_state;

describe.each(['octoprint', 'moonraker'] as const)('LAN mode timelapse on %s', (kind) => {
  it('records a make_video print into a READY video', { timeout: 120_000 }, async () => {
    const sim =
      kind === 'octoprint'
        ? await startVirtualOctoPrint({ ...SIMULATED, pushIntervalMs: 20 })
        : await startVirtualMoonraker({ ...SIMULATED, statusIntervalMs: 20 });
    cleanups.push(() => sim.close());
    const printer: VirtualPrinter = sim.printer;
    const created = await api('/api/lan-printers/', {
      method: 'POST',
      body: {
        group: fx.workspace,
        name: `LAN ${kind}`,
        kind,
        url: sim.url,
        ...('apiKey' in sim ? { api_key: sim.apiKey } : {}),
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    await eventually(
      'ready',
      () => printerState(id),
      (s) => s === 'READY_TO_PRINT',
      WAIT_MS,
    );
    const started = await whileAdvancing(
      printer,
      api(`/api/printers/${id}/files/`, {
        method: 'POST',
        body: { file_id: fx.fileId, print: true, make_video: true },
      }),
      50,
    );
    expect(started.status, started.text).toBe(201);
    const jobId = started.body.printjob_id as number;
    await eventually(
      'recording',
      () => videoState(jobId),
      (s) => s === 'RECORDING',
      WAIT_MS,
    );
    // let the print grow slowly for a few frames, then finish it
    const frames = async () =>
      ((await api(`/api/groups/${fx.workspace}/videos/${jobId}/`)).body?.frames?.received ??
        0) as number;
    await whileAdvancing(
      printer,
      eventually('frames', frames, (n) => n >= 4, WAIT_MS),
      2000,
    );
    await whileAdvancing(
      printer,
      eventually(
        'done',
        () => printerState(id),
        (s) => s === 'READY_TO_PRINT',
        WAIT_MS,
      ),
      60_000,
    );
    await eventually(
      'video ready',
      () => videoState(jobId),
      (s) => s === 'READY',
      WAIT_MS,
    );
    const video = (await api(`/api/groups/${fx.workspace}/videos/${jobId}/`)).body;
    expect(video.frames.received).toBeGreaterThanOrEqual(4);
    expect(video.frames).toMatchObject({ corrupt: 0, dropped: 0 });
  });
});
