import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../lib/storage';
import { createTokenStore, LEGACY_REFRESH_KEY, SESSION_MARKER_KEY } from '../session/token-store';
import { ApiError } from './api-error';
import { createApiClient } from './client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function bearerOf(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string>).Authorization;
}

/** `session`: the browser holds a session (its refresh cookie), or an old stored refresh token. */
function setup(handler: Handler, session: 'cookie' | { legacy: string } | null = 'cookie') {
  const storage = createMemoryStorage();
  if (session === 'cookie') storage.setItem(SESSION_MARKER_KEY, '1');
  else if (session) storage.setItem(LEGACY_REFRESH_KEY, session.legacy);
  const tokens = createTokenStore(storage);
  const calls: { url: string; init: RequestInit }[] = [];
  const onSessionExpired = vi.fn();
  const onResponse = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    tokens,
    onSessionExpired,
    onResponse,
    fetch: async (input, init = {}) => {
      calls.push({ url: String(input), init });
      return handler(String(input), init);
    },
  });
  const refreshCalls = () => calls.filter((call) => call.url === '/api/tokens/refresh/').length;
  return { client, tokens, calls, onSessionExpired, onResponse, refreshCalls };
}

const MeSchema = z.object({ id: z.number() });

/**
 * A server whose valid access token is "a2" and which rotates the refresh token r1 → r2 on
 * refresh, keeping it in the browser's cookie (`jar.cookie`, as the browser would); a refresh
 * token in the body (an old stored one) is taken too.
 */
function serverWithRotation(jar: { cookie: string | null } = { cookie: 'r1' }): Handler {
  return (url, init) => {
    if (url === '/api/tokens/refresh/') {
      const headers = init.headers as Record<string, string>;
      const body = JSON.parse(String(init.body)) as { refresh?: string };
      const refresh = body.refresh ?? (headers['x-refresh-cookie'] === '1' ? jar.cookie : null);
      if (refresh !== 'r1')
        return json(401, { code: 'token_not_valid', message: 'Token is invalid' });
      jar.cookie = 'r2';
      return json(200, { access: 'a2' });
    }
    return bearerOf(init) === 'Bearer a2'
      ? json(200, { id: 1 })
      : json(401, { code: 'not_authenticated', message: 'Expired' });
  };
}

describe('api client', () => {
  it('sends anonymous requests without a bearer and parses the answer', async () => {
    const { client, calls } = setup(() => json(200, { id: 7 }));
    const result = await client.request({
      method: 'POST',
      path: '/tokens/',
      body: { username: 'a' },
      schema: MeSchema,
      isAnonymous: true,
    });
    expect(result).toEqual({ id: 7 });
    expect(bearerOf(calls[0]!.init)).toBeUndefined();
    expect(calls[0]!.init.body).toBe('{"username":"a"}');
  });

  it('gets an access token first with the refresh cookie, asking for the cookie and sending no token', async () => {
    const jar = { cookie: 'r1' };
    const { client, tokens, calls } = setup(serverWithRotation(jar));
    await expect(client.request({ path: '/users/me/', schema: MeSchema })).resolves.toEqual({
      id: 1,
    });
    expect(calls.map((call) => call.url)).toEqual(['/api/tokens/refresh/', '/api/users/me/']);
    expect(calls[0]!.init.body).toBe('{}');
    expect((calls[0]!.init.headers as Record<string, string>)['x-refresh-cookie']).toBe('1');
    expect(jar.cookie).toBe('r2');
    expect(tokens.getAccess()).toBe('a2');
    expect(tokens.hasSession()).toBe(true);
  });

  it('moves a refresh token stored by an older version into the cookie, and forgets it', async () => {
    const jar = { cookie: null };
    const { client, tokens, calls } = setup(serverWithRotation(jar), { legacy: 'r1' });
    await client.request({ path: '/users/me/', schema: MeSchema });
    expect(calls[0]!.init.body).toBe('{"refresh":"r1"}');
    expect(tokens.getLegacyRefresh()).toBeNull();
    expect(tokens.hasSession()).toBe(true);
  });

  it('runs each refresh inside the cross-tab lock', async () => {
    const events: string[] = [];
    const server = serverWithRotation();
    const storage = createMemoryStorage();
    storage.setItem(SESSION_MARKER_KEY, '1');
    const client = createApiClient({
      baseUrl: '/api',
      tokens: createTokenStore(storage),
      onSessionExpired: vi.fn(),
      onResponse: vi.fn(),
      withRefreshLock: async (refresh) => {
        events.push('lock');
        const result = await refresh();
        events.push('unlock');
        return result;
      },
      fetch: async (input, init = {}) => {
        events.push(String(input));
        return server(String(input), init);
      },
    });
    await client.request({ path: '/users/me/', schema: MeSchema });
    expect(events).toEqual(['lock', '/api/tokens/refresh/', 'unlock', '/api/users/me/']);
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    const { client, tokens, calls } = setup(serverWithRotation());
    tokens.save({ access: 'a1' });
    await expect(client.request({ path: '/users/me/', schema: MeSchema })).resolves.toEqual({
      id: 1,
    });
    expect(calls.map((call) => bearerOf(call.init) ?? call.url)).toEqual([
      'Bearer a1',
      '/api/tokens/refresh/',
      'Bearer a2',
    ]);
  });

  it('sends one Idempotency-Key per action, the same on its retry, none on a read', async () => {
    const { client, calls } = setup(serverWithRotation());
    const keyOf = (index: number) =>
      (calls[index]!.init.headers as Record<string, string>)['Idempotency-Key'];
    await client.request({ method: 'POST', path: '/printers/1/move_head/', body: { x: 1 } });
    // calls: refresh, POST (a2), then a second action
    await client.request({ method: 'DELETE', path: '/printers/1/' });
    await client.request({ path: '/users/me/' });
    const writes = calls.filter(
      (call) => call.init.method !== 'GET' && !call.url.includes('refresh'),
    );
    expect(writes).toHaveLength(2);
    const [first, second] = writes.map(
      (call) => (call.init.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(keyOf(calls.length - 1)).toBeUndefined();
  });

  it('re-sends a request answered 401 with the same Idempotency-Key after renewing', async () => {
    const { client, tokens, calls } = setup(serverWithRotation());
    tokens.save({ access: 'stale' });
    await client.request({ method: 'POST', path: '/printers/1/home_head/', body: {} });
    const posts = calls.filter((call) => call.url === '/api/printers/1/home_head/');
    expect(posts).toHaveLength(2);
    const keys = posts.map(
      (call) => (call.init.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks conditionally with the ETag it holds and reads 304 as unchanged', async () => {
    const { client, tokens, calls } = setup((_url, init) => {
      const headers = init.headers as Record<string, string>;
      return headers['If-None-Match'] === 'W/"v1"'
        ? new Response(null, { status: 304 })
        : json(200, { id: 3 }, { ETag: 'W/"v1"' });
    });
    tokens.save({ access: 'a2' });
    const first = await client.requestConditional({ path: '/x/', schema: MeSchema, etag: null });
    expect(first).toEqual({ isModified: true, data: { id: 3 }, etag: 'W/"v1"' });
    const second = await client.requestConditional({
      path: '/x/',
      schema: MeSchema,
      etag: 'W/"v1"',
    });
    expect(second).toEqual({ isModified: false });
    expect((calls[0]!.init.headers as Record<string, string>)['If-None-Match']).toBeUndefined();
  });

  it('shares one refresh between concurrent requests', async () => {
    let releaseRefresh = () => {};
    const gate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const server = serverWithRotation();
    const { client, tokens, refreshCalls, onSessionExpired } = setup(async (url, init) => {
      if (url === '/api/tokens/refresh/') await gate;
      return server(url, init);
    });
    tokens.save({ access: 'a1' });
    const requests = Array.from({ length: 5 }, () =>
      client.request({ path: '/users/me/', schema: MeSchema }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    releaseRefresh();
    await expect(Promise.all(requests)).resolves.toHaveLength(5);
    expect(refreshCalls()).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not refresh again for a 401 that arrives after another request refreshed', async () => {
    const server = serverWithRotation();
    let releaseSlow = () => {};
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const { client, tokens, refreshCalls } = setup(async (url, init) => {
      if (url === '/api/slow/') await slow;
      return server(url, init);
    });
    tokens.save({ access: 'a1' });
    const late = client.request({ path: '/slow/', schema: MeSchema });
    await client.request({ path: '/users/me/', schema: MeSchema });
    releaseSlow();
    await expect(late).resolves.toEqual({ id: 1 });
    expect(refreshCalls()).toBe(1);
  });

  it('ends the session when the refresh token is rejected', async () => {
    const { client, tokens, onSessionExpired } = setup(serverWithRotation({ cookie: 'stale' }));
    tokens.save({ access: 'a1' });
    const error = await client.request({ path: '/users/me/' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('token_not_valid');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(tokens.hasSession()).toBe(false);
  });

  it('ends the session when the retried request is still unauthorized', async () => {
    const { client, onSessionExpired, refreshCalls } = setup((url) =>
      url === '/api/tokens/refresh/'
        ? json(200, { access: 'a9' })
        : json(401, { code: 'not_authenticated', message: 'No' }),
    );
    await expect(client.request({ path: '/users/me/' })).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls()).toBe(2);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session without a call when the browser holds no session', async () => {
    const { client, calls, onSessionExpired } = setup(serverWithRotation(), null);
    await expect(client.request({ path: '/users/me/' })).rejects.toMatchObject({
      status: 401,
      code: 'not_authenticated',
    });
    expect(calls).toHaveLength(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('turns a failed fetch into a network error', async () => {
    const { client, onResponse } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.request({ path: '/health', isAnonymous: true })).rejects.toMatchObject({
      status: null,
      code: 'network_error',
      isNetworkError: true,
    });
    expect(onResponse).not.toHaveBeenCalled();
  });

  it('lets an aborted request stay an abort', async () => {
    const { client } = setup(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(client.request({ path: '/x', isAnonymous: true })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('reads code, field details and Retry-After of an error answer', async () => {
    const { client, onResponse } = setup(() =>
      json(
        429,
        { code: 'rate_limited', message: 'Slow down', details: { email: ['Too many'] } },
        { 'Retry-After': '42' },
      ),
    );
    const error = (await client
      .request({ method: 'POST', path: '/tokens/', isAnonymous: true })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Slow down',
      retryAfterSeconds: 42,
      method: 'POST',
      url: '/api/tokens/',
    });
    expect(error.getFieldErrors('email')).toEqual(['Too many']);
    expect(error.getFieldErrors('password')).toEqual([]);
    expect(onResponse).toHaveBeenCalledTimes(1);
  });

  it('keeps a non-JSON error body and names the code after the status', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.request({ path: '/x', isAnonymous: true })).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      body: '<html>Bad gateway</html>',
    });
  });

  it('rejects an answer that does not match its schema', async () => {
    const { client } = setup(() => json(200, { id: 'one' }));
    await expect(
      client.request({ path: '/x', schema: MeSchema, isAnonymous: true }),
    ).rejects.toMatchObject({ code: 'invalid_response', status: 200 });
  });

  it('answers nothing for 204', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(
      client.request({ method: 'DELETE', path: '/x', schema: MeSchema, isAnonymous: true }),
    ).resolves.toBeUndefined();
  });
  it('hands over raw responses with extra headers, renewing an expired token once', async () => {
    const { client, calls } = setup((url, init) => {
      if (url === '/api/tokens/refresh/') return json(200, { access: 'a2' });
      if (bearerOf(init) !== 'Bearer a2') return json(401, { code: 'not_authenticated' });
      const etag = (init.headers as Record<string, string>)['If-None-Match'];
      return new Response(null, { status: etag === '"e1"' ? 304 : 200 });
    });
    const response = await client.requestResponse({
      path: '/printers/1/snapshot/',
      headers: { 'If-None-Match': '"e1"' },
    });
    expect(response.status).toBe(304);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/tokens/refresh/',
      '/api/printers/1/snapshot/',
    ]);
  });
});
