import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { createServer, type Server } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildRtspSnapshotArgs,
  describeFfmpegFailure,
  hasRtspsCamera,
  openPinnedRelay,
  relayedStreamUrl,
  takeRtspsSnapshot,
} from './bambu-rtsps-camera.js';
import { CertificatePin } from './bambu-tls.js';

/**
 * The X1's RTSPS camera (issue 25). No RTSP server to play from can be simulated with the
 * shipped ffmpeg (its `-rtsp_flags listen` only receives a pushed stream), so the parts are
 * tested one by one: ffmpeg's arguments, the pinned TLS relay ffmpeg reads through (against a
 * real TLS server holding the simulator's printer certificate), and the words of a failure.
 */

// the simulator's printer identity: a self-signed leaf with CN = serial (simulator certs.ts)
const CERTS = new URL('../../../../simulator/src/bambu/certs/', import.meta.url);
const SERIAL = '01P00A451601106';
const pem = (name: string) => readFileSync(new URL(name, CERTS), 'utf8');

let printer: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => (printer ? printer.close(resolve) : resolve(undefined)));
  printer = null;
});

/** A TLS "printer" that answers each line with `echo <line>`. */
async function startTlsPrinter(): Promise<number> {
  printer = createServer({ key: pem('printer.key.pem'), cert: pem('printer.cert.pem') }, (tls) => {
    tls.on('data', (data: Buffer) => tls.write(`echo ${data.toString('utf8')}`));
  });
  await new Promise<void>((resolve) => printer!.listen(0, '127.0.0.1', resolve));
  return (printer.address() as { port: number }).port;
}

function sendThrough(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (data: Buffer) => {
      answer += data.toString('utf8');
      if (answer.endsWith(text)) socket.end();
    });
    socket.on('close', () => resolve(answer));
  });
}

describe('X1 RTSPS camera', () => {
  it('asks ffmpeg for one JPEG of the stream over TCP, on stdout', () => {
    const url = relayedStreamUrl(40123, '12345678');
    expect(url).toBe('rtsp://bblp:12345678@127.0.0.1:40123/streaming/live/1');
    const args = buildRtspSnapshotArgs(url);
    expect(
      args.slice(args.indexOf('-rtsp_transport'), args.indexOf('-rtsp_transport') + 2),
    ).toEqual(['-rtsp_transport', 'tcp']);
    expect(args.indexOf('-rtsp_transport')).toBeLessThan(args.indexOf('-i'));
    expect(args[args.indexOf('-i') + 1]).toBe(url);
    expect(args.slice(args.indexOf('-frames:v'), args.indexOf('-frames:v') + 2)).toEqual([
      '-frames:v',
      '1',
    ]);
    expect(args.slice(-7)).toEqual(['-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '3', 'pipe:1']);
    expect(args).toContain('-nostdin');
  });

  it('escapes an access code that would break the address', () => {
    expect(relayedStreamUrl(1, 'a/b@c:d')).toBe(
      'rtsp://bblp:a%2Fb%40c%3Ad@127.0.0.1:1/streaming/live/1',
    );
  });

  it('reads RTSPS for the X1 and H2 models only', () => {
    expect(hasRtspsCamera('Bambu Lab X1 Carbon')).toBe(true);
    expect(hasRtspsCamera('Bambu Lab H2D')).toBe(true);
    expect(hasRtspsCamera('Bambu Lab P1S')).toBe(false);
    expect(hasRtspsCamera('Bambu Lab A1 mini')).toBe(false);
    // old firmware gives no product name: the port-6000 camera, as before
    expect(hasRtspsCamera(null)).toBe(false);
  });

  it('relays to the printer only through its pinned certificate', async () => {
    const port = await startTlsPrinter();
    const pin = new CertificatePin(SERIAL, undefined, undefined);
    const target = {
      host: '127.0.0.1',
      port,
      serial: SERIAL,
      accessCode: 'x',
      pin,
      timeoutMs: 5000,
    };
    const relay = await openPinnedRelay(target);
    try {
      expect(await sendThrough(relay.port, 'OPTIONS rtsp://x RTSP/1.0')).toBe(
        'echo OPTIONS rtsp://x RTSP/1.0',
      );
      expect(pin.fingerprint).toMatch(/^[0-9A-F]{64}$/);
    } finally {
      await relay.close();
    }

    // another certificate pinned: the connection is dropped, nothing relayed, the reason kept
    const otherPin = new CertificatePin(SERIAL, 'AB'.repeat(32), undefined);
    const refused = await openPinnedRelay({ ...target, pin: otherPin });
    try {
      expect(await sendThrough(refused.port, 'DESCRIBE')).toBe('');
      await expect.poll(() => refused.failure?.name).toBe('CertificateChanged');
    } finally {
      await refused.close();
    }
  });

  it('runs the shipped ffmpeg through the relay; a changed certificate is the reason given', async () => {
    const port = await startTlsPrinter();
    const ffmpegPath = (
      createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }
    ).path;
    await expect(
      takeRtspsSnapshot({
        host: '127.0.0.1',
        port,
        serial: SERIAL,
        accessCode: '12345678',
        pin: new CertificatePin(SERIAL, 'AB'.repeat(32), undefined),
        timeoutMs: 20_000,
        ffmpegPath,
      }),
    ).rejects.toMatchObject({
      code: 'printer-unreachable',
      message: /certificate changed/,
    });
  }, 30_000);

  it('says what is missing or refused in words', async () => {
    const pin = new CertificatePin(SERIAL, undefined, undefined);
    await expect(
      takeRtspsSnapshot({
        host: '127.0.0.1',
        port: 1,
        serial: SERIAL,
        accessCode: 'x',
        pin,
        timeoutMs: 1000,
        ffmpegPath: undefined,
      }),
    ).rejects.toMatchObject({ code: 'not-supported', message: /needs ffmpeg/ });
    expect(
      describeFfmpegFailure('[rtsp @ 0x1] method DESCRIBE failed: 401 Unauthorized\n'),
    ).toMatchObject({ code: 'permission-denied', message: /access code/ });
    expect(describeFfmpegFailure('Connection refused\n')).toMatchObject({
      code: 'printer-unreachable',
      message: 'The camera sent no frame: Connection refused',
    });
  });
});
