import { describe, expect, it } from 'vitest';
import { parseDigestHeader } from './digest.js';

describe('parseDigestHeader (checklist C25)', () => {
  it('reads quoted and bare fields', () => {
    expect(parseDigestHeader('Digest username="u", nonce=n1, qop=auth')).toEqual({
      username: 'u',
      nonce: 'n1',
      qop: 'auth',
    });
    expect(parseDigestHeader('Basic abc')).toBeNull();
    expect(parseDigestHeader('Digest')).toBeNull();
  });

  it('reads fields after 50,000 spaces and finds none in 50,000 letters', () => {
    expect(parseDigestHeader(`Digest${' '.repeat(50_000)}username="u"`)).toEqual({
      username: 'u',
    });
    expect(parseDigestHeader(`Digest ${'a'.repeat(50_000)}`)).toEqual({});
  });
});
