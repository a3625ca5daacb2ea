import { REFRESH_COOKIE_HEADER, TokenPairSchema } from '@printdeck/shared';
import type { z } from 'zod';
import type { TokenStore } from '../session/token-store';
import { tokenStore } from '../session/session';
import { recordApiResponse } from './activity';
import { ApiError, readErrorResponse } from './api-error';
import { needsIdempotencyKey, newIdempotencyKey } from './idempotency-key';

export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiRequest<T> {
  method?: HttpMethod;
  /** path below the API base, e.g. "/users/me/" */
  path: string;
  body?: unknown;
  /** parses the response; without it the response body is ignored */
  schema?: z.ZodType<T>;
  /** sent without the access token (sign-in, registration, health) */
  isAnonymous?: boolean;
  signal?: AbortSignal;
  /** extra headers, e.g. If-None-Match of a conditional request */
  headers?: Record<string, string>;
  /** sends in place of fetch, with its own body: XMLHttpRequest for upload progress */
  transport?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface ApiClientDeps {
  baseUrl: string;
  fetch: typeof fetch;
  tokens: TokenStore;
  /** the refresh token is missing or rejected: the session is over */
  onSessionExpired: () => void;
  onResponse: () => void;
  /**
   * Runs one refresh at a time across this browser's tabs (Web Locks), so two tabs never send
   * the same refresh cookie at once; without it, refreshes run as they come.
   */
  withRefreshLock?: <T>(refresh: () => Promise<T>) => Promise<T>;
  /** the Idempotency-Key of one action; tests pass their own */
  newIdempotencyKey?: () => string;
}

/** The browser's Web Locks API where it exists (every current browser on a secure origin). */
export function withBrowserRefreshLock<T>(refresh: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? (locks.request('printdeck-refresh', refresh) as Promise<T>) : refresh();
}

export interface ApiClient {
  request<T = void>(request: ApiRequest<T>): Promise<T>;
  /**
   * The response as it came, for binary bodies and conditional requests (camera snapshots):
   * only an expired access token is handled here, every status is the caller's to read.
   */
  requestResponse(request: Omit<ApiRequest<unknown>, 'schema'>): Promise<Response>;
  /** A read that the server may answer 304 when the caller's copy (its ETag) is current. */
  requestConditional<T>(
    request: ApiRequest<T> & { etag: string | null },
  ): Promise<ConditionalAnswer<T>>;
}

export type ConditionalAnswer<T> =
  { isModified: false } | { isModified: true; data: T; etag: string | null };

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function describeRequest(baseUrl: string, request: ApiRequest<unknown>) {
  return { method: request.method ?? 'GET', url: baseUrl + request.path };
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  /** One refresh at a time: concurrent requests that need a new access token share it. */
  let pendingRefresh: Promise<string> | null = null;

  async function send<T>(request: ApiRequest<T>, access: string | null): Promise<Response> {
    const { method, url } = describeRequest(deps.baseUrl, request);
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (access) headers.Authorization = `Bearer ${access}`;
    try {
      const response = await (request.transport ?? deps.fetch)(url, {
        method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal,
      });
      deps.onResponse();
      return response;
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError({
        status: null,
        code: 'network_error',
        message: error instanceof Error ? error.message : 'Network failure',
        method,
        url,
      });
    }
  }

  async function read<T>(request: ApiRequest<T>, response: Response): Promise<T> {
    const where = describeRequest(deps.baseUrl, request);
    if (!response.ok) throw await readErrorResponse(response, where);
    if (!request.schema || response.status === 204) return undefined as T;
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = request.schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: `Unexpected response: ${parsed.error.message}`,
        body,
        ...where,
      });
    }
    return parsed.data;
  }

  /** Forgets the tokens and hands over to Logout; returns the error for the caller to throw. */
  async function endSession(request: ApiRequest<unknown>, response?: Response): Promise<ApiError> {
    const where = describeRequest(deps.baseUrl, request);
    const error = response
      ? await readErrorResponse(response, where)
      : new ApiError({
          status: 401,
          code: 'not_authenticated',
          message: 'Not signed in',
          ...where,
        });
    deps.tokens.clear();
    deps.onSessionExpired();
    return error;
  }

  async function refreshAccessToken(): Promise<string> {
    const request = () => {
      // an older version of the app kept the refresh token in storage: sent once, then the
      // cookie holds it
      const legacy = deps.tokens.getLegacyRefresh();
      return {
        method: 'POST',
        path: '/tokens/refresh/',
        body: legacy ? { refresh: legacy } : {},
        headers: { [REFRESH_COOKIE_HEADER]: '1' },
      } as const;
    };
    if (!deps.tokens.hasSession()) throw await endSession(request());
    const lock = deps.withRefreshLock ?? ((refresh) => refresh());
    return lock(async () => {
      const refresh = request();
      const response = await send(refresh, null);
      if (response.status === 401) throw await endSession(refresh, response);
      const pair = await read({ ...refresh, schema: TokenPairSchema }, response);
      deps.tokens.save(pair);
      return pair.access;
    });
  }

  function getFreshAccessToken(): Promise<string> {
    pendingRefresh ??= refreshAccessToken().finally(() => {
      pendingRefresh = null;
    });
    return pendingRefresh;
  }

  /** Sends with the access token, renewing it once when the server answers 401. */
  async function sendAuthorized(request: ApiRequest<unknown>): Promise<Response> {
    if (request.isAnonymous) return send(request, null);

    const access = deps.tokens.getAccess() ?? (await getFreshAccessToken());
    const response = await send(request, access);
    if (response.status !== 401) return response;

    // Another request may already have refreshed the token this one was sent with.
    const current = deps.tokens.getAccess();
    const renewed = current && current !== access ? current : await getFreshAccessToken();
    const retried = await send(request, renewed);
    if (retried.status === 401) throw await endSession(request, retried);
    return retried;
  }

  /**
   * One key per call (one user action): the retry after a renewed token and whatever the
   * browser re-sends on its own carry the same key, so the server runs the action once.
   */
  function withIdempotencyKey<T>(request: ApiRequest<T>): ApiRequest<T> {
    if (!needsIdempotencyKey(request.method ?? 'GET') || request.headers?.['Idempotency-Key'])
      return request;
    const key = (deps.newIdempotencyKey ?? newIdempotencyKey)();
    return { ...request, headers: { ...request.headers, 'Idempotency-Key': key } };
  }

  async function request<T>(request: ApiRequest<T>): Promise<T> {
    const keyed = withIdempotencyKey(request);
    return read(keyed, await sendAuthorized(keyed));
  }

  async function requestConditional<T>(
    request: ApiRequest<T> & { etag: string | null },
  ): Promise<ConditionalAnswer<T>> {
    const { etag, ...rest } = request;
    const conditional = etag
      ? { ...rest, headers: { ...rest.headers, 'If-None-Match': etag } }
      : rest;
    const response = await sendAuthorized(conditional);
    if (response.status === 304) return { isModified: false };
    const data = await read(conditional, response);
    return { isModified: true, data, etag: response.headers.get('ETag') };
  }

  return {
    request,
    requestResponse: (request) => sendAuthorized(withIdempotencyKey(request)),
    requestConditional,
  };
}

let sessionExpiredHandler = () => window.location.assign('/logout');

/** The app routes an expired session to Logout through its router. */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpiredHandler = handler;
}

export const apiClient = createApiClient({
  baseUrl: API_BASE,
  fetch: (input, init) => globalThis.fetch(input, init),
  tokens: tokenStore,
  onSessionExpired: () => sessionExpiredHandler(),
  onResponse: () => recordApiResponse(),
  withRefreshLock: withBrowserRefreshLock,
});
