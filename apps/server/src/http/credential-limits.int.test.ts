import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FAILED_DEVICE_KEYS_PER_ADDRESS } from '../gateway/device-gateway.js';
import { FAILED_API_KEYS_PER_ADDRESS } from '../modules/api-keys/api-keys.service.js';
import { buildUser, buildWorkspace } from '../../test-support/factories.js';
import { identityFor } from '../../test-support/fake-agent.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY_HOPS: '1' } });
});
afterAll(() => t.close());

const BAD_API_KEY = `pdk_abcdefabcdef_${'x'.repeat(43)}`;

describe('API keys are limited by credential, not only by address', () => {
  it('bad keys from one address get 429, while a good key from the same address still works', async () => {
    const user = await buildUser(t);
    const good = (
      await t.api('/api/users/me/api_keys/', {
        method: 'POST',
        token: user.access,
        body: { name: 'good' },
      })
    ).body.key as string;
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i <= FAILED_API_KEYS_PER_ADDRESS.limit; i += 1) {
      statuses.push(
        (await t.api('/api/users/me/groups/', { token: BAD_API_KEY, headers: from })).status,
      );
    }
    expect(statuses.slice(0, FAILED_API_KEYS_PER_ADDRESS.limit).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const ok = await t.api('/api/users/me/groups/', { token: good, headers: from });
    expect(ok.status).toBe(200);
  });

  it('wrong secrets for one key id are limited without locking out the real key', async () => {
    const user = await buildUser(t);
    const good = (
      await t.api('/api/users/me/api_keys/', {
        method: 'POST',
        token: user.access,
        body: { name: 'target' },
      })
    ).body.key as string;
    const guessed = `${good.slice(0, 'pdk_'.length + 13)}${'y'.repeat(43)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const from = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push(
        (await t.api('/api/users/me/groups/', { token: guessed, headers: from })).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await t.api('/api/users/me/groups/', { token: good })).status).toBe(200);
  });
});

function upgrade(key: string, forwardedFor: string) {
  const socket = new WebSocket(`${t.baseUrl.replace(/^http/, 'ws')}/api/device/ws`, {
    headers: {
      authorization: `Bearer ${key}`,
      'x-device-identity': identityFor(key),
      'x-forwarded-for': forwardedFor,
    },
  });
  return new Promise<{ status: number; retryAfter?: string }>((resolve) => {
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101 });
    });
    socket.once('unexpected-response', (_request, response) =>
      resolve({
        status: response.statusCode ?? 0,
        ...(response.headers['retry-after'] ? { retryAfter: response.headers['retry-after'] } : {}),
      }),
    );
    socket.once('error', () => undefined);
  });
}

describe('device keys at the WebSocket upgrade', () => {
  it('bad keys are throttled per address (429, Retry-After); a good key from there still connects', async () => {
    const owner = await buildUser(t);
    const workspaceId = await buildWorkspace(t, owner);
    const key = (
      await t.api('/api/device_keys/', {
        method: 'POST',
        token: owner.access,
        body: { group: workspaceId },
      })
    ).body.token as string;
    const bad = `abcdefghijkl.${'z'.repeat(43)}`;
    const results = [];
    for (let i = 0; i <= FAILED_DEVICE_KEYS_PER_ADDRESS.limit; i += 1) {
      results.push(await upgrade(bad, '192.0.2.50'));
    }
    expect(results.slice(0, -1).every((r) => r.status === 401)).toBe(true);
    expect(results.at(-1)).toEqual({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) });
    // another address is not affected, and a spoofed header before the proxy's entry is ignored
    expect((await upgrade(bad, '192.0.2.51')).status).toBe(401);
    expect((await upgrade(bad, '192.0.2.51, 192.0.2.50')).status).toBe(429);
    expect((await upgrade(key, '192.0.2.50')).status).toBe(101);
  });
});
