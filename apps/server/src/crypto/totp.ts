import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP (RFC 6238) with HMAC-SHA1, 30-second steps and 6 digits — what every authenticator app
 * speaks. Written on Node's crypto rather than taken from a package: the algorithm is a dozen
 * lines (RFC 4226 §5.3 dynamic truncation), the RFC's own test vectors check it
 * (totp.test.ts), and the sign-in path keeps no dependency that could change under it.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** codes of the step before and after are accepted too: clocks drift, people type slowly */
const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as otpauth:// URIs carry the secret. */
export function encodeBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31];
  return output;
}

/** A new shared secret: 160 bits, the length RFC 4226 recommends for SHA-1. */
export function createTotpSecret(): Buffer {
  return randomBytes(20);
}

/** The HOTP value (RFC 4226) for a counter, with `digits` digits. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(unixSeconds: number): number {
  return Math.floor(unixSeconds / TOTP_STEP_SECONDS);
}

/**
 * The time step a code belongs to, or null. A step at or before `lastUsedStep` is refused, so
 * a code seen once (over a shoulder, in a log) cannot be replayed.
 */
export function verifyTotp(input: {
  secret: Buffer;
  code: string;
  unixSeconds: number;
  lastUsedStep: number | null;
}): number | null {
  const code = input.code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(input.unixSeconds);
  for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta += 1) {
    const step = now + delta;
    if (input.lastUsedStep !== null && step <= input.lastUsedStep) continue;
    const expected = Buffer.from(hotp(input.secret, step));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app reads (from a QR code or a link). */
export function buildOtpauthUri(input: {
  secret: Buffer;
  account: string;
  issuer: string;
}): string {
  const label = encodeURIComponent(`${input.issuer}:${input.account}`);
  const params = new URLSearchParams({
    secret: encodeBase32(input.secret),
    issuer: input.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
