import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualBambu, type VirtualBambu } from '@printdeck/simulator';
import { SnapshotResultSchema } from '@printdeck/shared';
import {
  eventually,
  startDriverFixture,
  type DriverFixture,
} from '../../../test-support/drivers.js';
import { takeRtspsSnapshot, type RtspsCameraTarget } from './bambu-rtsps-camera.js';
import { CertificatePin } from './bambu-tls.js';

/**
 * The X1's camera end to end (issue 25): the virtual X1 Carbon streams H.264 over RTSPS on its
 * own port, the real Bambu driver reads it through the pinned TLS relay and the shipped ffmpeg,
 * and a JPEG of the stream's size comes out. A wrong access code and a changed certificate end
 * in the words the camera view shows.
 */

const ACCESS_CODE = '27418093';
const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
  .path;
// the simulator's clip (h264-clip.ts); the port-6000 JPEGs are 320×240
const STREAM_SIZE = { width: 640, height: 360 };

let sim: VirtualBambu;
let fixture: DriverFixture;

beforeAll(async () => {
  sim = await startVirtualBambu({
    speed: 0,
    tickMs: 10,
    pushIntervalMs: 20,
    accessCode: ACCESS_CODE,
    productName: 'Bambu Lab X1 Carbon',
    ffmpegPath: FFMPEG,
  });
  fixture = await startDriverFixture(sim, {
    kind: 'bambu',
    url: sim.host,
    serial: sim.serial,
    accessCode: ACCESS_CODE,
    mqttPort: sim.mqttPort,
    ftpsPort: sim.ftpsPort,
    cameraPort: sim.cameraPort,
    rtspsPort: sim.rtspsPort!,
    ffmpegPath: FFMPEG,
  });
  await eventually(
    'operational',
    () => fixture.driver.getState().state.text,
    (text) => text === 'Operational',
  );
}, 60_000);

afterAll(() => fixture.close());

/** A target for one RTSPS frame outside the driver: the same relay and ffmpeg. */
const target = (change: Partial<RtspsCameraTarget>): RtspsCameraTarget => ({
  host: sim.host,
  port: sim.rtspsPort!,
  serial: sim.serial,
  accessCode: ACCESS_CODE,
  pin: new CertificatePin(sim.serial, undefined, undefined),
  timeoutMs: 30_000,
  ffmpegPath: FFMPEG,
  ...change,
});

/** The JPEG's size from its frame header (SOF0–SOF2: height, then width, after the precision). */
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

const decoded = (result: unknown) => {
  const snapshot = SnapshotResultSchema.parse(result);
  expect(snapshot.content_type).toBe('image/jpeg');
  return jpegSize(Buffer.from(snapshot.data_base64, 'base64'));
};

describe('Bambu X1: the RTSPS camera', () => {
  it('the driver takes a JPEG decoded from the H.264 stream, not from port 6000', async () => {
    const image = decoded(await fixture.run({ name: 'snapshot' }));
    expect({ width: image.width, height: image.height }).toEqual(STREAM_SIZE);
    // the viewer hung up: the printer's session is gone
    await eventually(
      'no viewer',
      () => sim.rtspsSessions(),
      (count) => count === 0,
    );
  }, 60_000);

  it('a wrong access code is refused by the camera (401), said as the access code', async () => {
    await expect(takeRtspsSnapshot(target({ accessCode: '00000000' }))).rejects.toMatchObject({
      code: 'permission-denied',
      message: /refused the access code/,
    });
  }, 60_000);

  it('"LAN Only Liveview" off: port 322 closes at once and the driver says to turn it on', async () => {
    sim.faults.setLiveview(false);
    const refusal = await eventually(
      'the driver reads rtsp_url "disable"',
      () =>
        fixture.run({ name: 'snapshot' }).then(
          () => null,
          (error: unknown) => error,
        ),
      (error) => (error as { code?: unknown } | null)?.code === 'liveview-off',
      30_000,
    );
    expect(refusal).toMatchObject({ message: /turn on "LAN Only Liveview"/ });
    // as the printer does (reference §1.13): the stream's port takes no client
    await expect(takeRtspsSnapshot(target({}))).rejects.toMatchObject({
      code: 'printer-unreachable',
    });
    sim.faults.setLiveview(true);
    const image = await eventually(
      'a frame again',
      () => fixture.run({ name: 'snapshot' }).then(decoded, () => null),
      Boolean,
      50_000,
    );
    expect(image).toEqual(STREAM_SIZE);
  }, 120_000);

  it('a re-keyed printer is refused by the pin: nothing decoded, the reason given', async () => {
    const pin = new CertificatePin(sim.serial, undefined, undefined);
    decoded(await takeRtspsSnapshot(target({ pin })));
    sim.faults.rekey();
    await expect(takeRtspsSnapshot(target({ pin }))).rejects.toMatchObject({
      code: 'printer-unreachable',
      message: /certificate changed/,
    });
  }, 60_000);
});
