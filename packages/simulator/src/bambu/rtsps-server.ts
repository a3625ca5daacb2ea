import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { createServer, type Server, type TLSSocket } from 'node:tls';
import { tlsOptions } from './broker.js';
import type { PrinterCertificate } from './certs.js';
import type { H264Clip } from './h264-clip.js';
import { RtspAuth } from './rtsp-auth.js';
import { RtspSession, type RtspRequest } from './rtsp-session.js';

export interface RtspsServerOptions {
  host: string;
  /** the printer: 322 */
  port: number;
  accessCode: string;
  certificate: PrinterCertificate;
  clip: H264Clip;
}

export interface RtspsServer {
  port: number;
  /** viewers connected (each RTSP session is its own TLS connection) */
  openSessions(): number;
  /** those that reached PLAY and are being sent pictures */
  playingSessions(): number;
  setRefusing(isRefusing: boolean): void;
  setCertificate(certificate: PrinterCertificate): void;
  close(): Promise<void>;
}

/** a request head larger than this is not RTSP: the connection is closed */
const MAX_HEAD_BYTES = 16 * 1024;

/**
 * The X1/P2S/H2 camera: RTSP 1.0 (RFC 2326) over TLS on port 322, path `/streaming/live/1`,
 * user `bblp` with the access code, H.264 (OpenBambuAPI `video.md`; reference §1.13), with the
 * printer's own self-signed certificate as on MQTT and FTPS (OpenBambuAPI `tls.md`). One
 * encoder feeds every viewer: the pictures advance on one clock whether anyone watches, and a
 * new viewer starts at the next key frame.
 */
export async function startRtspsServer(options: RtspsServerOptions): Promise<RtspsServer> {
  const auth = new RtspAuth(options.accessCode);
  const sessions = new Set<RtspSession>();
  const sockets = new Set<TLSSocket>();
  let isRefusing = false;
  let position = 0;
  let ticker: NodeJS.Timeout | null = null;
  const { clip } = options;

  const tick = () => {
    position++;
    const unit = clip.units[position % clip.units.length]!;
    let playing = 0;
    for (const session of sessions) if (session.sendPicture(unit, position)) playing++;
    if (playing === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  };
  const startTicker = () => {
    ticker ??= setInterval(tick, 1000 / clip.framesPerSecond);
  };

  const server: Server = createServer(tlsOptions(options.certificate), (socket) => {
    if (isRefusing) return void socket.destroy();
    sockets.add(socket);
    const session = new RtspSession({
      socket,
      auth,
      clip,
      host: options.host,
      sessionId: randomBytes(4).toString('hex').toUpperCase(),
      onPlay: startTicker,
    });
    sessions.add(session);
    socket.on('close', () => {
      sockets.delete(socket);
      sessions.delete(session);
    });
    socket.on('error', () => socket.destroy());
    let received: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      received = readRequests(received, (request) => session.handle(request));
      if (received.length > MAX_HEAD_BYTES) socket.destroy();
    });
  });
  server.on('tlsClientError', () => undefined);
  // refused (offline, or "LAN Only Liveview" off): the port closes at once, before any TLS
  // (reference §1.13)
  server.on('connection', (raw: Socket) => {
    if (isRefusing) raw.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    openSessions: () => sessions.size,
    playingSessions: () => [...sessions].filter((session) => session.isPlaying).length,
    setRefusing: (refusing) => {
      isRefusing = refusing;
      if (refusing) for (const socket of sockets) socket.destroy();
    },
    setCertificate: (certificate) => server.setSecureContext(tlsOptions(certificate)),
    close: async () => {
      if (ticker) clearInterval(ticker);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Takes every whole request off the front of `buffer` and returns the rest. Interleaved binary
 * data from the client (RTCP receiver reports: `$`, channel, 16-bit length; RFC 2326 §10.12)
 * is skipped; a request's body is its `Content-Length` (§12.14).
 */
export function readRequests(buffer: Buffer, onRequest: (request: RtspRequest) => void): Buffer {
  let rest = buffer;
  for (;;) {
    if (rest[0] === 0x24) {
      if (rest.length < 4) return rest;
      const length = 4 + rest.readUInt16BE(2);
      if (rest.length < length) return rest;
      rest = rest.subarray(length);
      continue;
    }
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return rest;
    const [line = '', ...fields] = rest.subarray(0, end).toString('utf8').split('\r\n');
    const headers = new Map<string, string>();
    for (const field of fields) {
      const colon = field.indexOf(':');
      if (colon > 0)
        headers.set(field.slice(0, colon).trim().toLowerCase(), field.slice(colon + 1).trim());
    }
    const bodyLength = Number(headers.get('content-length') ?? 0) || 0;
    if (rest.length < end + 4 + bodyLength) return rest;
    const [method = '', url = ''] = line.split(' ');
    rest = rest.subarray(end + 4 + bodyLength);
    onRequest({ method, url, headers });
  }
}
