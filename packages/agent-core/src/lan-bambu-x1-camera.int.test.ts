import { createRequire } from 'node:module';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startVirtualBambu } from '@printdeck/simulator';
import { TEST_TUNING } from '../test-support/drivers.js';
import { useServerWithWorkspace } from '../test-support/server.js';

/**
 * A Bambu Lab X1 Carbon's camera on the product's camera path (issue 25): its frames come from
 * the virtual X1's RTSPS stream (H.264 over TLS on its own port), read by the shipped ffmpeg
 * through the pinned relay, both in LAN mode (the server's built-in agent, which finds ffmpeg
 * itself) and through the installed agent (given `--ffmpeg`).
 */

const ACCESS_CODE = '27418093';
const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
  .path;
// the simulator's H.264 clip; the port-6000 JPEGs are 320×240
const STREAM_SIZE = { width: 640, height: 360 };

const x1 = await startVirtualBambu({
  speed: 0,
  tickMs: 10,
  pushIntervalMs: 20,
  accessCode: ACCESS_CODE,
  productName: 'Bambu Lab X1 Carbon',
  ffmpegPath: FFMPEG,
});
afterAll(() => x1.close());

// the ports are the server's setting (LAN_BAMBU_PORTS, the fourth is the RTSPS camera)
const fx = useServerWithWorkspace({
  server: {
    env: {
      LAN_PRINTER_NETWORKS: '127.0.0.0/8',
      LAN_BAMBU_PORTS: `${x1.mqttPort},${x1.ftpsPort},${x1.cameraPort},${x1.rtspsPort}`,
    },
    lanAgentTuning: TEST_TUNING,
  },
});
const { api, waitForPrinterState } = fx;

/** The JPEG's size from its frame header (SOF0–SOF2: height, then width). */
function jpegSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  for (let at = 2; at + 9 < data.length;) {
    const marker = data[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      return { width: data.readUInt16BE(at + 7), height: data.readUInt16BE(at + 5) };
    }
    at += 2 + data.readUInt16BE(at + 2);
  }
  throw new Error('no frame header in the JPEG');
}

/** The camera frame the web app shows, as bytes. */
async function cameraFrame(id: number) {
  const response = await fetch(`${fx.t.baseUrl}/api/printers/${id}/snapshot/`, {
    headers: { authorization: `Bearer ${fx.user.access}` },
  });
  const data = Buffer.from(await response.arrayBuffer());
  expect(response.status, data.toString('utf8').slice(0, 300)).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  return jpegSize(data);
}

describe('a Bambu Lab X1 shows its RTSPS camera', () => {
  it('in LAN mode: the server reads the stream itself', async () => {
    const created = await api('/api/lan-printers/', {
      method: 'POST',
      body: {
        group: fx.workspace,
        name: 'LAN X1C',
        kind: 'bambu',
        url: x1.host,
        serial: x1.serial,
        access_code: ACCESS_CODE,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect(await cameraFrame(id)).toEqual(STREAM_SIZE);
  }, 90_000);

  it('through the installed agent', async () => {
    const id = await fx.connectAgentPrinter({
      name: 'X1C',
      printer: {
        kind: 'bambu',
        url: x1.host,
        serial: x1.serial,
        accessCode: ACCESS_CODE,
        mqttPort: x1.mqttPort,
        ftpsPort: x1.ftpsPort,
        cameraPort: x1.cameraPort,
        rtspsPort: x1.rtspsPort!,
        ffmpegPath: FFMPEG,
      },
      localIpAddress: '192.168.7.41',
    });
    await waitForPrinterState(id, 'READY_TO_PRINT');
    expect(await cameraFrame(id)).toEqual(STREAM_SIZE);

    // "LAN Only Liveview" off at the printer: a 409 whose reason the web says in its language
    x1.faults.setLiveview(false);
    try {
      const refusal = await vi.waitFor(
        async () => {
          const response = await fetch(`${fx.t.baseUrl}/api/printers/${id}/snapshot/`, {
            headers: { authorization: `Bearer ${fx.user.access}` },
          });
          expect(response.status).toBe(409);
          const body = (await response.json()) as { message: string; details?: unknown };
          // the port closes at once, the agent hears `rtsp_url: disable` with the next report:
          // until then the refusal is the closed port's
          expect(body.details, JSON.stringify(body)).toEqual({ reason: 'liveview-off' });
          return body;
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(refusal.message).toMatch(/turn on "LAN Only Liveview"/);
    } finally {
      x1.faults.setLiveview(true);
    }
  }, 120_000);
});
