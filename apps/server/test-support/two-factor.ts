import type { Clock } from '../src/clock.js';
import { systemClock } from '../src/clock.js';
import { hotp, totpStep } from '../src/crypto/totp.js';

/** RFC 4648 base32 as the setup answer gives the secret. */
export function decodeBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** What the authenticator app shows `stepsAhead` steps from now (the server accepts ±1). */
export function authenticatorCode(secret: string, clock: Clock = systemClock, stepsAhead = 0) {
  return hotp(
    decodeBase32(secret),
    totpStep(Math.floor(clock.now().getTime() / 1000)) + stepsAhead,
  );
}

interface Api {
  api(
    path: string,
    init?: { method?: string; token?: string; body?: unknown },
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Turns two-factor sign-in on through the API, as a member would; the secret and codes. */
export async function enableTwoFactor(t: Api, access: string, clock: Clock = systemClock) {
  const setup = await t.api('/api/users/me/two-factor/setup/', { method: 'POST', token: access });
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status}`);
  const secret = setup.body.secret as string;
  const enabled = await t.api('/api/users/me/two-factor/enable/', {
    method: 'POST',
    token: access,
    body: { code: authenticatorCode(secret, clock) },
  });
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status}`);
  return { secret, recoveryCodes: enabled.body.recovery_codes as string[] };
}
