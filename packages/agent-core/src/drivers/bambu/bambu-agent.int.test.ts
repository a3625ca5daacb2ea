import { describe, expect, it } from 'vitest';
import { startVirtualBambu, type VirtualBambu } from '@printdeck/simulator';
import { useServerWithWorkspace } from '../../../test-support/server.js';
import { eventually, slicedGcode, uploadableGcode } from '../../../test-support/drivers.js';

/** The real agent with a Bambu Lab printer (LAN), against the real server (issue 25). */

const fx = useServerWithWorkspace();
const { api, cleanups, control, deviceState, jobsOf, waitForPrinterState } = fx;
const ACCESS_CODE = '27418093';

async function bambuPrinter(accessCode = ACCESS_CODE): Promise<{ sim: VirtualBambu; id: number }> {
  const sim = await startVirtualBambu({
    speed: 0,
    tickMs: 10,
    pushIntervalMs: 20,
    prepareSeconds: 1,
    accessCode: ACCESS_CODE,
    printer: { homingSeconds: 0 },
  });
  cleanups.push(() => sim.close());
  const id = await fx.connectAgentPrinter({
    name: 'P1S',
    printer: {
      kind: 'bambu',
      url: sim.host,
      serial: sim.serial,
      accessCode,
      mqttPort: sim.mqttPort,
      ftpsPort: sim.ftpsPort,
      cameraPort: sim.cameraPort,
    },
    localIpAddress: '192.168.7.40',
  });
  return { sim, id };
}

describe('agent ⇄ server: a Bambu Lab printer in LAN mode', () => {
  // the library takes G-code only for now (.gcode.3mf in the library is still open in issue 25):
  // a library file goes by FTPS and `gcode_file`; the driver tests print a .gcode.3mf
  it('prints a workspace G-code, pauses, resumes and stops it; the job ends cancelled once', async () => {
    const { sim, id } = await bambuPrinter();
    await waitForPrinterState(id, 'READY_TO_PRINT');
    const printers = (await api(`/api/groups/${fx.workspace}/printers/`)).body as Array<{
      id: number;
      device_type: string;
    }>;
    expect(printers.find((p) => p.id === id)?.device_type).toBe('bambu');

    const content = uploadableGcode(600);
    const fileId = await fx.uploadGcode(content, 'benchy.gcode');
    const jobId = (await fx.startPrint(sim.printer, id, { fileId })).printjob_id;
    expect(sim.printer.files.get('benchy.gcode')?.size).toBe(content.length);
    expect(sim.requests.at(-1)).toMatchObject({ print: { command: 'gcode_file' } });
    sim.printer.advance(2000);
    await waitForPrinterState(id, 'PRINTING');
    expect((await jobsOf(id))[0]).toMatchObject({ id: jobId, outcome: 'printing' });
    sim.printer.advance(60_000);
    // the layer reaches the devices-states answer (Bambu reports `layer_num`/`total_layer_num`)
    const row = await eventually(
      'layer',
      () => deviceState(id),
      (r) => (r.job?.layer?.current ?? 0) > 0,
    );
    expect(row.job?.layer?.total).toBe(100);

    expect((await control(id, 'pause')).status).toBe(204);
    sim.printer.advance(2000);
    await waitForPrinterState(id, 'PAUSED');
    expect((await control(id, 'resume')).status).toBe(204);
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'PRINTING');
    expect((await control(id, 'cancel')).status).toBe(204);
    sim.printer.advance(2000);
    await eventually(
      'cancelled',
      () => jobsOf(id),
      (jobs) => jobs[0]?.outcome === 'cancelled',
    );
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect((await jobsOf(id)).map((j) => [j.id, j.outcome])).toEqual([[jobId, 'cancelled']]);
  });

  it('a print started on the printer’s screen gets its own record, done once; the camera shows it', async () => {
    const { sim, id } = await bambuPrinter();
    await waitForPrinterState(id, 'READY_TO_PRINT');
    const frame = await api(`/api/printers/${id}/snapshot/`);
    expect(frame.status, frame.text).toBe(200);
    expect(frame.headers.get('content-type')).toBe('image/jpeg');
    sim.printer.files.put('cube.gcode', slicedGcode(300), sim.printer.time);
    expect(sim.faults.startOnScreen('cube.gcode')).toBe(true);
    sim.printer.advance(1000);
    await waitForPrinterState(id, 'PRINTING');
    sim.printer.advance(400_000);
    await eventually(
      'done',
      () => jobsOf(id),
      (list) => list[0]?.outcome === 'done',
    );
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect((await jobsOf(id)).map((j) => j.outcome)).toEqual(['done']);
  });

  it('a wrong access code reads as permission denied on the printer’s row, with where to look', async () => {
    const { id } = await bambuPrinter('00000000');
    const row = await waitForPrinterState(id, 'OCTOPRINT_PERMISSION_DENIED');
    expect(row.state?.error?.detail).toMatch(/access code.*Settings → WLAN/);
  });
});
