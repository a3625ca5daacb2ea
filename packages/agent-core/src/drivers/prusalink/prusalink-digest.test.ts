import { describe, expect, it } from 'vitest';
import { digestAuthorization, parseDigestChallenge } from './prusalink-digest.js';

describe('PrusaLink digest', () => {
  it('parses Buddy’s challenge: no qop, no opaque, stale flag', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="Printer API", nonce="0738cba1009742ac", stale=true',
    );
    expect(challenge).toEqual({
      realm: 'Printer API',
      nonce: '0738cba1009742ac',
      qop: null,
      opaque: null,
      algorithm: null,
      stale: true,
    });
    expect(parseDigestChallenge('Basic realm="x"')).toBeNull();
    expect(parseDigestChallenge(null)).toBeNull();
  });

  it('answers RFC 2617’s own example (qop=auth, opaque) with its published response', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", ' +
        'nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    )!;
    const header = digestAuthorization({
      challenge,
      user: 'Mufasa',
      password: 'Circle Of Life',
      method: 'GET',
      uri: '/dir/index.html',
      count: 1,
      cnonce: '0a4f113b',
    });
    expect(header).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(header).toContain('nc=00000001');
    expect(header).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
  });

  it('answers without qop as Buddy expects: MD5(HA1:nonce:HA2), no nc or cnonce', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093"',
    )!;
    const header = digestAuthorization({
      challenge,
      user: 'Mufasa',
      password: 'Circle Of Life',
      method: 'GET',
      uri: '/dir/index.html',
      count: 1,
    });
    // RFC 2069 form md5(md5(A1):nonce:md5(A2)), computed with Python hashlib
    expect(header).toContain('response="670fd8c2df070c60b045671b8b24ff02"');
    expect(header).not.toContain('cnonce');
  });
});

describe('parseDigestChallenge on adversarial headers (checklist C25)', () => {
  it('reads fields after 50,000 spaces and finds none in 50,000 letters', () => {
    expect(
      parseDigestChallenge(`Digest${' '.repeat(50_000)}realm="Printer", nonce="abc"`),
    ).toMatchObject({ realm: 'Printer', nonce: 'abc' });
    expect(parseDigestChallenge(`Digest ${'a'.repeat(50_000)}`)).toBeNull();
  });
});
