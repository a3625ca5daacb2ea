import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../lib/storage';
import { createTokenStore, SESSION_MARKER_KEY } from '../session/token-store';
import { createApiClient } from './client';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The transport of an upload: fetch is kept for the token refresh alone. */
function setup(access?: string) {
  const storage = createMemoryStorage();
  storage.setItem(SESSION_MARKER_KEY, '1');
  const tokens = createTokenStore(storage);
  if (access) tokens.save({ access });
  const fetch = vi.fn(async () => reply(200, { access: 'a2' }));
  const onResponse = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    tokens,
    onSessionExpired: vi.fn(),
    onResponse,
    fetch,
  });
  const sent: { url: string; authorization: string | null }[] = [];
  const transport = vi.fn(async (url: string, init: RequestInit) => {
    const authorization = new Headers(init.headers).get('Authorization');
    sent.push({ url, authorization });
    return authorization === 'Bearer a2'
      ? reply(201, { id: 9 })
      : reply(401, { code: 'not_authenticated', message: 'Expired' });
  });
  return { client, fetch, transport, sent, onResponse };
}

describe('api client with its own transport', () => {
  it('sends through the transport with the access token and parses the answer', async () => {
    const { client, fetch, transport, sent, onResponse } = setup();
    const result = await client.request({
      method: 'POST',
      path: '/groups/1/files/',
      schema: z.object({ id: z.number() }),
      transport,
    });
    expect(result).toEqual({ id: 9 });
    expect(fetch).toHaveBeenCalledTimes(1); // the refresh of the missing access token
    expect(sent).toEqual([{ url: '/api/groups/1/files/', authorization: 'Bearer a2' }]);
    expect(onResponse).toHaveBeenCalledTimes(2);
  });

  it('sends once more through the transport after renewing an expired token', async () => {
    const { client, transport, sent } = setup('expired');
    await client.request({ method: 'POST', path: '/groups/1/files/', transport });
    expect(sent.map((call) => call.authorization)).toEqual(['Bearer expired', 'Bearer a2']);
  });
});
