import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/errors.js';

/**
 * PrusaLink's HTTP Digest check as Buddy firmware does it (Prusa-Firmware-Buddy
 * `lib/WUI/nhttp/req_parser.cpp` digest branch; reference §3.2): realm `Printer API`, no qop,
 * no opaque, `response = MD5(MD5(user:realm:pass):nonce:MD5(method:uri))`. A nonce lives a few
 * seconds; an expired nonce with an otherwise right digest is answered `stale=true`.
 * Buddy also takes `X-Api-Key` and compares it with the same password (`basic_gets.cpp`).
 */
export interface DigestSettings {
  user: string;
  password: string;
  /** the X-Api-Key accepted beside Digest; Buddy: the same password */
  apiKey: string;
  realm: string;
  nonceLifeMs: number;
  /** how many `stale=true` challenges were answered, for tests of nonce renewal */
  staleAnswers: number;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A fresh nonce: 8 random hex digits then the issue time, as Buddy packs both into 16 digits. */
export function issueNonce(nowMs = Date.now()): string {
  const time = Math.floor(nowMs / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return `${randomBytes(4).toString('hex')}${time}`;
}

function nonceAgeMs(nonce: string, nowMs: number): number | null {
  if (!/^[0-9a-f]{16}$/.test(nonce)) return null;
  return nowMs - parseInt(nonce.slice(8), 16) * 1000;
}

/** `Digest a="b", c=d` → {a: 'b', c: 'd'}. */
export function parseDigestHeader(header: string): Record<string, string> | null {
  const match = /^Digest\s+(\S.*)?$/is.exec(header.trim());
  if (!match) return null;
  const fields: Record<string, string> = {};
  for (const part of (match[1] ?? '').matchAll(
    /(?<![a-z])([a-z]+)\s*=\s*(?:"([^"]*)"|([^,\s]*))/gi,
  )) {
    fields[(part[1] as string).toLowerCase()] = part[2] ?? part[3] ?? '';
  }
  return fields;
}

function challenge(settings: DigestSettings, stale: boolean): HttpError {
  return new HttpError(401, 'Unauthorized', {
    headers: {
      'www-authenticate': `Digest realm="${settings.realm}", nonce="${issueNonce()}", stale=${stale ? 'true' : 'false'}`,
    },
  });
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Throws the 401 challenge unless the request carries a right digest or key. */
export function checkAuth(req: IncomingMessage, settings: DigestSettings, nowMs = Date.now()) {
  const key = req.headers['x-api-key'];
  if (typeof key === 'string') {
    if (same(key, settings.apiKey)) return;
    throw challenge(settings, false);
  }
  const fields = parseDigestHeader(req.headers.authorization ?? '');
  if (!fields) throw challenge(settings, false);
  const { username = '', realm = '', nonce = '', uri = '', response = '' } = fields;
  if (username !== settings.user || realm !== settings.realm || uri !== (req.url ?? '')) {
    throw challenge(settings, false);
  }
  const ha1 = md5(`${settings.user}:${settings.realm}:${settings.password}`);
  const ha2 = md5(`${req.method ?? 'GET'}:${uri}`);
  if (!same(response, md5(`${ha1}:${nonce}:${ha2}`))) throw challenge(settings, false);
  const age = nonceAgeMs(nonce, nowMs);
  // right password on an old nonce: stale=true, the client retries without asking the user
  if (age === null || age < -1000 || age > settings.nonceLifeMs) {
    settings.staleAnswers += 1;
    throw challenge(settings, true);
  }
}
