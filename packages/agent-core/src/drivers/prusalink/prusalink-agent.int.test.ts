import { describe, expect, it } from 'vitest';
import { startVirtualPrusaLink, type VirtualPrusaLink } from '@printdeck/simulator';
import { useServerWithWorkspace } from '../../../test-support/server.js';
import {
  eventually,
  slicedGcode,
  uploadableGcode,
  whileAdvancing,
} from '../../../test-support/drivers.js';

/** The real agent with a PrusaLink printer, against the real server (issue 25). */

const fx = useServerWithWorkspace();
const { api, cleanups, control, waitForPrinterState } = fx;
const PASSWORD = 'Tr7bQ2xZ';
/** a video takes frames, then its assembly: more than the default wait on a busy machine */
const WAIT_MS = 30_000;

async function prusaPrinter(
  password = PASSWORD,
  camera?: { width: number; height: number },
): Promise<{ sim: VirtualPrusaLink; id: number }> {
  const sim = await startVirtualPrusaLink({
    speed: 0,
    tickMs: 10,
    password: PASSWORD,
    printer: { homingSeconds: 0 },
    // a camera makes it a Prusa-Link (MK3 + Raspberry Pi), photos as often as the test asks
    ...(camera ? { camera, cameraPhotoIntervalMs: 0 } : {}),
  });
  cleanups.push(() => sim.close());
  const id = await fx.connectAgentPrinter({
    name: camera ? 'MK3S' : 'MK4',
    printer: { kind: 'prusalink', url: sim.url, password },
    localIpAddress: '192.168.7.30',
    tuning: { timelapseIntervalMs: 40 },
  });
  return { sim, id };
}

const framesOf = async (jobId: number) =>
  (await api(`/api/groups/${fx.workspace}/videos/${jobId}/`)).body?.frames as
    { received: number; corrupt: number; dropped: number } | undefined;
const videoState = async (jobId: number) =>
  (
    (await api(`/api/groups/${fx.workspace}/print-jobs/?limit=100`)).body.results as Array<{
      id: number;
      video_state: string | null;
    }>
  ).find((job) => job.id === jobId)?.video_state;

describe('agent ⇄ server: a PrusaLink printer', () => {
  it('prints a workspace file, pauses, resumes and cancels it; the job ends cancelled once', async () => {
    const { sim, id } = await prusaPrinter();
    await waitForPrinterState(id, 'READY_TO_PRINT');
    const printers = (await api(`/api/groups/${fx.workspace}/printers/`)).body as Array<{
      id: number;
      device_type: string;
    }>;
    expect(printers.find((p) => p.id === id)?.device_type).toBe('prusalink');

    const content = uploadableGcode(600);
    const fileId = await fx.uploadGcode(content, 'benchy.gcode');
    const jobId = (await fx.startPrint(sim.printer, id, { fileId })).printjob_id;
    expect(sim.printer.files.get('benchy.gcode')?.size).toBe(content.length);
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'PRINTING');
    const job = () => fx.jobsOf(id);
    expect((await job())[0]).toMatchObject({ id: jobId, outcome: 'printing' });

    expect((await control(id, 'pause')).status).toBe(204);
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'PAUSED');
    expect((await control(id, 'resume')).status).toBe(204);
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'PRINTING');
    expect((await control(id, 'cancel')).status).toBe(204);
    sim.printer.advance(1000);
    await eventually('cancelled', job, (jobs) => jobs[0]?.outcome === 'cancelled');
    sim.faults.confirmOnScreen();
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect((await job()).map((j) => [j.id, j.outcome])).toEqual([[jobId, 'cancelled']]);
  });

  it('lists the printer’s own files and starts one; run to its end it is done, once', async () => {
    const { sim, id } = await prusaPrinter();
    await waitForPrinterState(id, 'READY_TO_PRINT');
    sim.printer.files.put('cube.gcode', slicedGcode(300), sim.printer.time);
    const listed = await api(`/api/printers/${id}/files/`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual(
      expect.arrayContaining([{ path: 'cube.gcode', size: expect.any(Number) }]),
    );
    const started = await api(`/api/printers/${id}/files/start`, {
      method: 'POST',
      body: { path: 'cube.gcode' },
    });
    expect(started.status, started.text).toBeLessThan(300);
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'PRINTING');
    sim.printer.advance(400_000);
    const jobs = () => fx.jobsOf(id);
    await eventually('done', jobs, (list) => list[0]?.outcome === 'done');
    sim.faults.confirmOnScreen();
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect((await jobs()).map((j) => j.outcome)).toEqual(['done']);
  });

  it(
    'a Prusa-Link camera: snapshots, and a make_video print becomes a video of its frames',
    { timeout: 120_000 },
    async () => {
      const { sim, id } = await prusaPrinter(PASSWORD, { width: 160, height: 120 });
      await waitForPrinterState(id, 'READY_TO_PRINT');
      const frame = await api(`/api/printers/${id}/snapshot/`);
      expect(frame.status, frame.text).toBe(200);
      expect(frame.headers.get('content-type')).toBe('image/jpeg');

      const fileId = await fx.uploadGcode(uploadableGcode(3600), 'filmed.gcode');
      const started = await fx.startPrint(sim.printer, id, { fileId, makeVideo: true });
      expect(started.warnings).toBeUndefined();
      const jobId = started.printjob_id;
      await whileAdvancing(
        sim.printer,
        eventually(
          'frames',
          async () => (await framesOf(jobId))?.received ?? 0,
          (n) => n >= 4,
          WAIT_MS,
        ),
        2000,
      );
      await whileAdvancing(
        sim.printer,
        eventually(
          'done',
          async () => (await fx.deviceState(id)).printer_state,
          (s) => s !== 'PRINTING',
          WAIT_MS,
        ),
        60_000,
      );
      await eventually(
        'video ready',
        () => videoState(jobId),
        (state) => state === 'READY',
        WAIT_MS,
      );
      expect(await framesOf(jobId)).toMatchObject({ corrupt: 0, dropped: 0 });
    },
  );

  it('a MK4 (Buddy) has no camera: no snapshot, and make_video says no_camera at the start', async () => {
    const { sim, id } = await prusaPrinter();
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect((await api(`/api/printers/${id}/snapshot/`)).status).not.toBe(200);
    const fileId = await fx.uploadGcode(uploadableGcode(600), 'unfilmed.gcode');
    const started = await fx.startPrint(sim.printer, id, { fileId, makeVideo: true });
    expect(started.warnings).toEqual(['no_camera']);
    expect(await videoState(started.printjob_id)).toBe('NOT_RECORDED');
  });

  it('a wrong password reads as permission denied on the printer’s row', async () => {
    const { id } = await prusaPrinter('wrong');
    const row = await waitForPrinterState(id, 'OCTOPRINT_PERMISSION_DENIED');
    expect(row.state?.error?.detail).toMatch(/Settings → Network → PrusaLink/);
  });
});
