import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test-support/factories.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';

/**
 * The address in the add-printer install command (issue 24): PUBLIC_URL when set, otherwise
 * the address the admin's browser used, with X-Forwarded-* read only behind a trusted proxy.
 */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function askInstallInfo(env: Record<string, string>, headers: Record<string, string>) {
  t = await startTestServer({ env });
  const user = await buildUser(t);
  const response = await t.server.server.inject({
    method: 'GET',
    url: '/api/agent/install/',
    headers: { authorization: `Bearer ${user.access}`, ...headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ server_url: string; server_url_source: string }>();
}

describe('the install command address', () => {
  it('is PUBLIC_URL when it is set, whatever the request says', async () => {
    const info = await askInstallInfo(
      { PUBLIC_URL: 'https://farm.example.com/' },
      { host: 'other.example.com:9000' },
    );
    expect(info).toMatchObject({
      server_url: 'https://farm.example.com',
      server_url_source: 'public_url',
    });
  });

  it("is the browser's address when PUBLIC_URL is not set", async () => {
    const info = await askInstallInfo({ PUBLIC_URL: '' }, { host: '192.168.1.20:8080' });
    expect(info).toMatchObject({
      server_url: 'http://192.168.1.20:8080',
      server_url_source: 'request',
    });
  });

  it('ignores X-Forwarded-Host and -Proto from an untrusted client', async () => {
    const info = await askInstallInfo(
      { PUBLIC_URL: '' },
      {
        host: 'printdeck.lan:8080',
        'x-forwarded-host': 'evil.example.com',
        'x-forwarded-proto': 'https',
      },
    );
    expect(info.server_url).toBe('http://printdeck.lan:8080');
  });

  it('uses X-Forwarded-Host and -Proto behind a trusted proxy', async () => {
    const info = await askInstallInfo(
      { PUBLIC_URL: '', TRUST_PROXY_HOPS: '1' },
      {
        host: '127.0.0.1:8080',
        'x-forwarded-host': 'farm.example.com',
        'x-forwarded-proto': 'https',
      },
    );
    expect(info.server_url).toBe('https://farm.example.com');
  });

  it('falls back to the default when the Host header is not a host and port', async () => {
    const info = await askInstallInfo({ PUBLIC_URL: '', PORT: '8080' }, { host: 'a b/c' });
    expect(info).toMatchObject({
      server_url: 'http://localhost:8080',
      server_url_source: 'public_url',
    });
  });
});
