import { createHash, randomBytes } from 'node:crypto';

/** A `WWW-Authenticate: Digest …` challenge, as the printer sent it. */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  /** `auth` when offered (Prusa-Link); Buddy offers none */
  qop: string | null;
  opaque: string | null;
  algorithm: string | null;
  /** right password, old nonce: answer again with the new one (RFC 2617 §3.2.1) */
  stale: boolean;
}

/** Parses the Digest challenge of a 401; null when the answer asks for something else. */
export function parseDigestChallenge(header: string | null): DigestChallenge | null {
  const match = /^\s*Digest\s+(\S.*)?$/is.exec(header ?? '');
  if (!match) return null;
  const fields: Record<string, string> = {};
  for (const part of (match[1] ?? '').matchAll(
    /(?<![a-z])([a-z]+)\s*=\s*(?:"([^"]*)"|([^,\s]*))/gi,
  )) {
    fields[(part[1] as string).toLowerCase()] = part[2] ?? part[3] ?? '';
  }
  if (fields.realm === undefined || !fields.nonce) return null;
  const qops = (fields.qop ?? '').split(',').map((qop) => qop.trim());
  return {
    realm: fields.realm,
    nonce: fields.nonce,
    qop: qops.includes('auth') ? 'auth' : null,
    opaque: fields.opaque ?? null,
    algorithm: fields.algorithm ?? null,
    stale: (fields.stale ?? '').toLowerCase() === 'true',
  };
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * The `Authorization` header for one request (RFC 2617 with MD5). Buddy's challenge has no qop
 * and no opaque: `response = MD5(HA1:nonce:HA2)`. Prusa-Link's (PoorWSGI `digest.py`) offers
 * `qop=auth` and an opaque it wants echoed: `response = MD5(HA1:nonce:nc:cnonce:auth:HA2)`.
 * Reference §3.2: a client must do both, chosen by the challenge.
 */
export function digestAuthorization(input: {
  challenge: DigestChallenge;
  user: string;
  password: string;
  method: string;
  uri: string;
  /** how many times this nonce was used, 1 for the first */
  count: number;
  cnonce?: string;
}): string {
  const { challenge, user, method, uri } = input;
  const ha1 = md5(`${user}:${challenge.realm}:${input.password}`);
  const ha2 = md5(`${method}:${uri}`);
  const fields: Array<[string, string, boolean]> = [
    ['username', user, true],
    ['realm', challenge.realm, true],
    ['nonce', challenge.nonce, true],
    ['uri', uri, true],
  ];
  if (challenge.qop) {
    const nc = input.count.toString(16).padStart(8, '0');
    const cnonce = input.cnonce ?? randomBytes(8).toString('hex');
    const response = md5(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`);
    fields.push(['qop', 'auth', false], ['nc', nc, false], ['cnonce', cnonce, true]);
    fields.push(['response', response, true]);
  } else {
    fields.push(['response', md5(`${ha1}:${challenge.nonce}:${ha2}`), true]);
  }
  if (challenge.opaque !== null) fields.push(['opaque', challenge.opaque, true]);
  if (challenge.algorithm !== null) fields.push(['algorithm', challenge.algorithm, false]);
  const text = fields.map(([name, value, quoted]) => `${name}=${quoted ? `"${value}"` : value}`);
  return `Digest ${text.join(', ')}`;
}
