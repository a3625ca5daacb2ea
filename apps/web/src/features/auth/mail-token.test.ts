import { describe, expect, it } from 'vitest';
import { readMailToken } from './mail-token';

const NOW = Date.UTC(2025, 0, 1);

function makeToken(payload: object): string {
  const head = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${head}.c2VjcmV0LXNlY3JldA`;
}

const valid = { email: 'ada@example.com', purpose: 'registration', exp: NOW / 1000 + 3600 };

describe('readMailToken', () => {
  it('reads the e-mail of a valid token', () => {
    const token = makeToken(valid);
    expect(readMailToken(token, 'registration', NOW)).toEqual({ token, email: 'ada@example.com' });
  });

  it('reads e-mails with non-ASCII characters', () => {
    const token = makeToken({ ...valid, email: 'žluťoučký@example.cz' });
    expect(readMailToken(token, 'registration', NOW)?.email).toBe('žluťoučký@example.cz');
  });

  it('rejects a missing or malformed token', () => {
    expect(readMailToken(null, 'registration', NOW)).toBeNull();
    expect(readMailToken('', 'registration', NOW)).toBeNull();
    expect(readMailToken('no-dot-in-this-token', 'registration', NOW)).toBeNull();
    expect(readMailToken('bm90IGpzb24.c2VjcmV0LXNlY3JldA', 'registration', NOW)).toBeNull();
  });

  it('rejects an expired token', () => {
    expect(readMailToken(makeToken({ ...valid, exp: NOW / 1000 }), 'registration', NOW)).toBeNull();
  });

  it('rejects a token meant for the other purpose', () => {
    expect(readMailToken(makeToken(valid), 'password_reset', NOW)).toBeNull();
  });
});
