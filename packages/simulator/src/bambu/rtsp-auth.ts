import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The login of the X1's stream: user `bblp`, the LAN access code (OpenBambuAPI `video.md`). */
const USER = 'bblp';
const REALM = 'Bambu Lab camera';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Splits `Digest a="b", c=d` into its parameters (no value of a Digest login holds a comma). */
function readDigestParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of header.slice('Digest '.length).split(',')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const value = part.slice(equals + 1).trim();
    const unquoted = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    params.set(part.slice(0, equals).trim().toLowerCase(), unquoted);
  }
  return params;
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * RTSP authentication (RFC 2326 §D.2 uses HTTP's, RFC 2617). OpenBambuAPI says only that the
 * stream requires `bblp` and the access code, not which scheme the X1 offers; the simulator
 * challenges with Digest (RFC 2617 §3.2.2 without `qop`, what embedded RTSP servers such as
 * LIVE555 ask for) and also takes Basic, so a client of either kind logs in as on a printer
 * and a wrong code is a 401 either way.
 */
export class RtspAuth {
  readonly nonce = randomBytes(16).toString('hex');

  constructor(private readonly accessCode: string) {}

  /** The `WWW-Authenticate` header of a 401. */
  challenge(): string {
    return `Digest realm="${REALM}", nonce="${this.nonce}"`;
  }

  /** Whether the request's `Authorization` logs in as `bblp` with the access code. */
  isAuthorized(method: string, authorization: string | undefined): boolean {
    if (!authorization) return false;
    if (authorization.startsWith('Basic ')) {
      const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
      return sameText(decoded, `${USER}:${this.accessCode}`);
    }
    if (!authorization.startsWith('Digest ')) return false;
    const params = readDigestParams(authorization);
    const uri = params.get('uri') ?? '';
    if (params.get('username') !== USER || params.get('nonce') !== this.nonce) return false;
    const ha1 = md5(`${USER}:${params.get('realm') ?? ''}:${this.accessCode}`);
    const ha2 = md5(`${method}:${uri}`);
    const qop = params.get('qop');
    const expected = qop
      ? md5(`${ha1}:${this.nonce}:${params.get('nc')}:${params.get('cnonce')}:${qop}:${ha2}`)
      : md5(`${ha1}:${this.nonce}:${ha2}`);
    return params.get('realm') === REALM && sameText(params.get('response') ?? '', expected);
  }
}
