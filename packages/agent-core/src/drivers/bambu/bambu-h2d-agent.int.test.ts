import { createRequire } from 'node:module';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startVirtualBambu } from '@printdeck/simulator';
import { useServerWithWorkspace } from '../../../test-support/server.js';

/**
 * A Bambu Lab H2D through the real agent, against the real server (issue 25): its two nozzles
 * (`device.extruder.info[]`, reference §1.6) reach the printer's state, and its camera, whose
 * "LAN Only Liveview" is off as an H2 leaves the factory (reference §1.13), is refused with
 * `liveview-off` until it is switched on at the printer.
 */

const ACCESS_CODE = '27418093';
const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
  .path;

const h2d = await startVirtualBambu({
  speed: 0,
  tickMs: 10,
  pushIntervalMs: 20,
  accessCode: ACCESS_CODE,
  model: 'H2D',
  ffmpegPath: FFMPEG,
});
afterAll(() => h2d.close());

const fx = useServerWithWorkspace();
const { deviceState, waitForPrinterState } = fx;

const snapshot = (id: number) =>
  fetch(`${fx.t.baseUrl}/api/printers/${id}/snapshot/`, {
    headers: { authorization: `Bearer ${fx.user.access}` },
  });

describe('agent ⇄ server: a Bambu Lab H2D', () => {
  it('both nozzles reach the state; the camera waits for LAN Only Liveview', async () => {
    const id = await fx.connectAgentPrinter({
      name: 'H2D',
      printer: {
        kind: 'bambu',
        url: h2d.host,
        serial: h2d.serial,
        accessCode: ACCESS_CODE,
        mqttPort: h2d.mqttPort,
        ftpsPort: h2d.ftpsPort,
        cameraPort: h2d.cameraPort,
        rtspsPort: h2d.rtspsPort!,
        ffmpegPath: FFMPEG,
      },
      localIpAddress: '192.168.7.42',
    });
    await waitForPrinterState(id, 'READY_TO_PRINT');

    // both heaters off: plain °C each, target 0
    const cold = await vi.waitFor(
      async () => {
        const row = await deviceState(id);
        expect(row.temperature?.tool1).toBeTruthy();
        return row;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(cold.temperature?.tool1).toEqual({ actual: 21, target: 0 });
    expect(cold.temperature?.tool0?.target).toBe(0);

    // the right nozzle heats to 220 °C, the left one (held at 180 °C) to 250 °C
    h2d.printer.setHeaterTarget(h2d.printer.extruder, 220);
    h2d.panel.leftNozzle = { temperature: 180, target: 250 };
    const hot = await vi.waitFor(
      async () => {
        const row = await deviceState(id);
        expect(row.temperature?.tool0?.target).toBe(220);
        expect(row.temperature?.tool1).toEqual({ actual: 180, target: 250 });
        return row;
      },
      { timeout: 20_000, interval: 100 },
    );
    // the right nozzle's reading is the packed one, whole degrees
    expect(Number.isInteger(hot.temperature?.tool0?.actual)).toBe(true);

    // LAN Only Liveview is off: the camera's port takes no one and rtsp_url reads "disable"
    const refused = await snapshot(id);
    const body = (await refused.json()) as { message: string; details?: unknown };
    expect(refused.status, JSON.stringify(body)).toBe(409);
    expect(body.details).toEqual({ reason: 'liveview-off' });
    expect(body.message).toMatch(/turn on "LAN Only Liveview"/);

    // switched on at the printer: a frame from the H.264 stream
    h2d.faults.setLiveview(true);
    const frame = await vi.waitFor(
      async () => {
        const response = await snapshot(id);
        const data = Buffer.from(await response.arrayBuffer());
        expect(response.status, data.toString('utf8').slice(0, 300)).toBe(200);
        return { type: response.headers.get('content-type'), data };
      },
      { timeout: 60_000, interval: 500 },
    );
    expect(frame.type).toBe('image/jpeg');
    expect(frame.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }, 120_000);
});
