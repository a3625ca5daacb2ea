import { describe, expect, it } from 'vitest';
import { buildOtpauthUri, encodeBase32, hotp, totpStep, verifyTotp } from './totp.js';

// RFC 6238 Appendix B and RFC 4226 Appendix D use this ASCII secret for SHA-1.
const RFC_SECRET = Buffer.from('12345678901234567890');

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('the RFC 6238 vector at T=%i is %s', (seconds, expected) => {
    expect(hotp(RFC_SECRET, totpStep(seconds), 8)).toBe(expected);
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314'];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });

  it('accepts the current code and its neighbours, never a replayed step', () => {
    const now = 1_700_000_000;
    const code = hotp(RFC_SECRET, totpStep(now));
    const step = verifyTotp({ secret: RFC_SECRET, code, unixSeconds: now, lastUsedStep: null });
    expect(step).toBe(totpStep(now));
    expect(
      verifyTotp({ secret: RFC_SECRET, code, unixSeconds: now + 30, lastUsedStep: null }),
    ).toBe(step);
    expect(
      verifyTotp({ secret: RFC_SECRET, code, unixSeconds: now + 90, lastUsedStep: null }),
    ).toBeNull();
    expect(
      verifyTotp({ secret: RFC_SECRET, code, unixSeconds: now, lastUsedStep: step }),
    ).toBeNull();
    expect(
      verifyTotp({ secret: RFC_SECRET, code: '12345', unixSeconds: now, lastUsedStep: null }),
    ).toBeNull();
  });

  it('encodes base32 as RFC 4648 does', () => {
    expect(encodeBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(encodeBase32(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('builds the otpauth URI authenticator apps read', () => {
    expect(buildOtpauthUri({ secret: RFC_SECRET, account: 'a@b.cz', issuer: 'Printdeck' })).toBe(
      'otpauth://totp/Printdeck%3Aa%40b.cz?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Printdeck&algorithm=SHA1&digits=6&period=30',
    );
  });
});
