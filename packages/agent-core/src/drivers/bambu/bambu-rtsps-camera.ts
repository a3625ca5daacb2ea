import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { SNAPSHOT_MAX_BYTES, type SnapshotResult } from '@printdeck/shared';
import { CommandFailed, describeError } from '../driver.js';
import { openPrinterTls, type CertificatePin } from './bambu-tls.js';

/** The X1's camera: RTSP over TLS on port 322, path `/streaming/live/1` (reference §1.13). */
export const RTSPS_PORT = 322;
const STREAM_PATH = '/streaming/live/1';

/**
 * The printers whose camera is the RTSPS stream, by `product_name`: the X1 family, the P2S and
 * the H2 family (reference §1.2 port table, from OpenBambuAPI `video.md`; the H2's stream is
 * off until turned on at the printer). P1 and A1 keep the port-6000 JPEGs.
 */
const RTSPS_CAMERA_MODELS = new Set([
  'Bambu Lab X1 Carbon',
  'Bambu Lab X1',
  'Bambu Lab X1E',
  'Bambu Lab P2S',
  'Bambu Lab H2D',
  'Bambu Lab H2D Pro',
  'Bambu Lab H2S',
]);

export function hasRtspsCamera(productName: string | null): boolean {
  return productName !== null && RTSPS_CAMERA_MODELS.has(productName);
}

/**
 * The RTSPS camera is served only while "LAN Only Liveview" is on at the printer's screen (H2
 * as it comes, X1 of recent firmware): `ipcam.rtsp_url` then holds the stream's address, else
 * "disable", and port 322 closes at once (reference §1.13, OpenBambuAPI `video.md`).
 */
export function assertLiveviewOn(report: Record<string, unknown>): void {
  const ipcam = report.ipcam as { rtsp_url?: unknown } | undefined;
  if (ipcam?.rtsp_url !== 'disable') return;
  throw new CommandFailed(
    'liveview-off',
    'The printer serves no camera stream: turn on "LAN Only Liveview" on the printer’s screen.',
  );
}

export interface RtspsCameraTarget {
  host: string;
  port: number;
  serial: string;
  accessCode: string;
  pin: CertificatePin;
  timeoutMs: number;
  /** the ffmpeg to run; none: the X1 camera cannot be read here */
  ffmpegPath: string | undefined;
}

/**
 * ffmpeg's arguments for one JPEG frame of the stream at `url`: RTSP interleaved over the TCP
 * connection (the printer's only transport over TLS), the first decoded frame as one MJPEG
 * image on stdout, nothing read from stdin. No probing of the stream: its SPS and PPS come in
 * the SDP (`sprop-parameter-sets`), and probing held the first frame back by about 2 s
 * against the simulated X1.
 */
export function buildRtspSnapshotArgs(url: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-rtsp_transport',
    'tcp',
    '-probesize',
    '32',
    '-analyzeduration',
    '0',
    '-i',
    url,
    '-an',
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    'pipe:1',
  ];
}

/** The stream's address as ffmpeg reads it through the local relay, the access code escaped. */
export function relayedStreamUrl(relayPort: number, accessCode: string): string {
  return `rtsp://bblp:${encodeURIComponent(accessCode)}@127.0.0.1:${relayPort}${STREAM_PATH}`;
}

/**
 * A listener on 127.0.0.1 that carries each connection to the printer's port over TLS with its
 * pinned certificate (bambu-tls.ts). ffmpeg speaks plain RTSP to it, so the printer's
 * certificate is checked by the same pin as MQTT and FTPS, never skipped by ffmpeg's own TLS
 * (which does not check a self-signed printer).
 */
export async function openPinnedRelay(target: Omit<RtspsCameraTarget, 'ffmpegPath'>) {
  const sockets = new Set<Socket>();
  let failure: Error | null = null;
  const server: Server = createServer((local) => {
    sockets.add(local);
    local.on('close', () => sockets.delete(local));
    local.on('error', () => undefined);
    local.pause();
    openPrinterTls(target).then(
      (remote) => {
        sockets.add(remote);
        remote.on('close', () => local.destroy());
        local.on('close', () => remote.destroy());
        local.pipe(remote).pipe(local);
        local.resume();
      },
      (error: unknown) => {
        failure = error instanceof Error ? error : new Error(describeError(error));
        local.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    /** why the printer could not be reached, once a connection failed */
    get failure() {
      return failure;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * One frame from the X1's RTSPS camera (reference §1.13), decoded by the shipped ffmpeg through
 * the pinned relay. A wrong access code or an unreachable printer ends as ffmpeg ends: with no
 * frame, said in words; ffmpeg is stopped at the timeout.
 */
export async function takeRtspsSnapshot(target: RtspsCameraTarget): Promise<SnapshotResult> {
  if (!target.ffmpegPath) {
    throw new CommandFailed(
      'not-supported',
      'This printer’s camera is an RTSPS stream; it needs ffmpeg (FFMPEG_PATH) where Printdeck runs.',
    );
  }
  const relay = await openPinnedRelay(target);
  try {
    const jpeg = await runFfmpegForFrame(
      target.ffmpegPath,
      buildRtspSnapshotArgs(relayedStreamUrl(relay.port, target.accessCode)),
      target.timeoutMs,
    ).catch((error: unknown) => {
      if (relay.failure) {
        throw new CommandFailed(
          'printer-unreachable',
          `The printer's camera: ${describeError(relay.failure)}`,
        );
      }
      throw error;
    });
    return { content_type: 'image/jpeg', data_base64: jpeg.toString('base64') };
  } finally {
    await relay.close();
  }
}

function runFfmpegForFrame(ffmpegPath: string, args: string[], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: CommandFailed | null = null;
    const stop = (reason: CommandFailed) => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new CommandFailed('timeout', 'The camera sent no frame.')),
      timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > SNAPSHOT_MAX_BYTES)
        stop(new CommandFailed('internal', 'The camera frame is too large.'));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new CommandFailed('internal', `ffmpeg did not start: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      const jpeg = Buffer.concat(chunks);
      if (code === 0 && jpeg[0] === 0xff && jpeg[1] === 0xd8) return resolve(jpeg);
      reject(describeFfmpegFailure(stderr));
    });
  });
}

/** ffmpeg's last words as the user's reason: a refused login is the access code. */
export function describeFfmpegFailure(stderr: string): CommandFailed {
  if (/401|Unauthorized/i.test(stderr)) {
    return new CommandFailed(
      'permission-denied',
      'The camera refused the access code (Settings → WLAN on the printer’s screen).',
    );
  }
  const last = stderr.trim().split('\n').pop()?.slice(0, 200) ?? '';
  return new CommandFailed(
    'printer-unreachable',
    `The camera sent no frame${last ? `: ${last}` : '.'}`,
  );
}
