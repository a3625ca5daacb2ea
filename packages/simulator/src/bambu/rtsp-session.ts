import { randomInt } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { AccessUnit, H264Clip } from './h264-clip.js';
import type { RtspAuth } from './rtsp-auth.js';
import { CLOCK_RATE, describeSession, framePicture, type RtpSender } from './rtp-h264.js';

export interface RtspRequest {
  method: string;
  url: string;
  /** names in lower case */
  headers: Map<string, string>;
}

interface SessionOptions {
  socket: TLSSocket;
  auth: RtspAuth;
  clip: H264Clip;
  host: string;
  sessionId: string;
  onPlay(): void;
}

/** The stream's path on the printer (OpenBambuAPI `video.md`). */
export const STREAM_PATH = '/streaming/live/1';
const METHODS = 'OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN';
/** a viewer this far behind (bytes queued) loses pictures until the next key frame */
const MAX_QUEUED_BYTES = 1024 * 1024;

const STATUS: Record<number, string> = {
  200: 'OK',
  401: 'Unauthorized',
  404: 'Not Found',
  454: 'Session Not Found',
  455: 'Method Not Valid in This State',
  461: 'Unsupported Transport',
  501: 'Not Implemented',
};

function pathOf(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

/** One viewer's RTSP session on its TLS connection (RFC 2326 §10, methods; §12, headers). */
export class RtspSession {
  isPlaying = false;
  #channel = 0;
  #isSetUp = false;
  #isWaitingForKeyFrame = true;
  readonly #sender: RtpSender = { ssrc: randomInt(2 ** 32), sequence: randomInt(2 ** 16) };
  readonly #timestampBase = randomInt(2 ** 32);

  constructor(private readonly o: SessionOptions) {}

  handle(request: RtspRequest): void {
    const cseq = request.headers.get('cseq') ?? '0';
    const reply = (status: number, headers: Record<string, string> = {}, body = '') => {
      const lines = [`RTSP/1.0 ${status} ${STATUS[status]}`, `CSeq: ${cseq}`];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      this.o.socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    };
    if (request.method === 'OPTIONS') return reply(200, { Public: METHODS });
    if (!['DESCRIBE', 'SETUP', 'PLAY', 'TEARDOWN'].includes(request.method)) {
      return reply(501, { Allow: METHODS });
    }
    // every method but OPTIONS needs the login (401 + challenge, RFC 2326 §11.2.1 / RFC 2617)
    if (!this.o.auth.isAuthorized(request.method, request.headers.get('authorization'))) {
      return reply(401, { 'WWW-Authenticate': this.o.auth.challenge() });
    }
    const path = pathOf(request.url);
    if (!path?.startsWith(STREAM_PATH)) return reply(404);
    if (request.method === 'DESCRIBE') {
      const base = request.url.endsWith('/') ? request.url : `${request.url}/`;
      const sdp = describeSession(this.o.clip, this.o.host, Number.parseInt(this.o.sessionId, 16));
      return reply(200, { 'Content-Type': 'application/sdp', 'Content-Base': base }, sdp);
    }
    const session = `${this.o.sessionId};timeout=60`;
    if (request.method === 'SETUP') return this.#setUp(request, reply, session);
    if (request.headers.get('session')?.split(';')[0] !== this.o.sessionId) return reply(454);
    if (request.method === 'PLAY') {
      if (!this.#isSetUp) return reply(455);
      this.isPlaying = true;
      this.#isWaitingForKeyFrame = true;
      reply(200, { Session: session, Range: 'npt=0.000-' });
      return this.o.onPlay();
    }
    // TEARDOWN: the session ends and so does the connection (RFC 2326 §10.7)
    this.isPlaying = false;
    reply(200, { Session: session });
    this.o.socket.end();
  }

  /**
   * SETUP: the printer's stream leaves only over the TLS connection, so only
   * `RTP/AVP/TCP;interleaved=…` is taken (RFC 2326 §10.12); UDP is 461 (§11.3.14).
   */
  #setUp(
    request: RtspRequest,
    reply: (status: number, headers?: Record<string, string>) => void,
    session: string,
  ): void {
    const transport = request.headers.get('transport') ?? '';
    const interleaved = /RTP\/AVP\/TCP.*interleaved=(\d+)(?:-(\d+))?/.exec(transport);
    if (!interleaved) return reply(461);
    const rtp = Number(interleaved[1]);
    const rtcp = interleaved[2] === undefined ? rtp + 1 : Number(interleaved[2]);
    this.#channel = rtp;
    this.#isSetUp = true;
    reply(200, {
      Session: session,
      Transport: `RTP/AVP/TCP;unicast;interleaved=${rtp}-${rtcp};ssrc=${this.#sender.ssrc.toString(16).toUpperCase().padStart(8, '0')}`,
    });
  }

  /**
   * Sends the encoder's current picture if this viewer plays; a viewer starts, and restarts
   * after falling behind, at a key frame. Returns whether this session is playing.
   */
  sendPicture(unit: AccessUnit, position: number): boolean {
    if (!this.isPlaying || this.o.socket.destroyed) return false;
    if (this.o.socket.writableLength > MAX_QUEUED_BYTES) this.#isWaitingForKeyFrame = true;
    if (this.#isWaitingForKeyFrame && !unit.isKeyFrame) return true;
    if (this.o.socket.writableLength > MAX_QUEUED_BYTES) return true;
    this.#isWaitingForKeyFrame = false;
    const timestamp = this.#timestampBase + position * (CLOCK_RATE / this.o.clip.framesPerSecond);
    this.o.socket.write(framePicture(unit, this.#sender, timestamp, this.#channel));
    return true;
  }
}
