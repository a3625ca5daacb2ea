import { anySignal } from '../../compat.js';
import { CommandFailed, describeError } from '../driver.js';
import { boundDeviceText, HostHttpError, joinUrl } from '../host-http.js';
import { connectUrl, type HostNetwork } from '../host-network.js';
import {
  digestAuthorization,
  parseDigestChallenge,
  type DigestChallenge,
} from './prusalink-digest.js';

export const PRUSALINK = 'PrusaLink';

/** The user and password of Settings → Network → PrusaLink, or the older API key. */
export interface PrusaLinkCredentials {
  user?: string;
  password?: string;
  apiKey?: string;
}

/** The printer refused the password or key (401 not stale; Prusa-Link: 403 on a wrong key). */
export class PrusaLinkRefused extends HostHttpError {
  constructor(status: number, usesKey: boolean) {
    super(
      status,
      usesKey
        ? 'PrusaLink refused the API key: check it under Settings → Network → PrusaLink on the printer.'
        : 'PrusaLink refused the user name or password: check them under Settings → Network → PrusaLink on the printer.',
    );
    this.name = 'PrusaLinkRefused';
  }
}

export interface PrusaLinkRequest {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'HEAD';
  path: string;
  body?: Buffer;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * HTTP to one PrusaLink printer with its authentication (reference §3.2). Digest: the last
 * challenge is kept and reused, since Buddy's nonces live under 5 s and a `stale=true` 401 is
 * the normal way to get a new one — answered again at once, never taken as a wrong password.
 * A 401 that is not stale, on a digest from a fresh challenge, is a wrong password.
 */
export class PrusaLinkApi {
  #challenge: DigestChallenge | null = null;
  #count = 0;

  constructor(
    private readonly options: {
      url: string;
      credentials: PrusaLinkCredentials;
      timeoutMs: number;
      network?: HostNetwork;
    },
  ) {}

  get usesKey(): boolean {
    return Boolean(this.options.credentials.apiKey);
  }

  async request(request: PrusaLinkRequest): Promise<Response> {
    // one first try and up to two new nonces (a stale one, then maybe a second that aged out)
    for (let attempt = 0; attempt < 3; attempt++) {
      const sentChallenge = this.#challenge;
      const response = await this.#send(request);
      if (response.status !== 401) return this.#checked(response);
      await response.body?.cancel().catch(() => undefined);
      const challenge = parseDigestChallenge(response.headers.get('www-authenticate'));
      if (this.usesKey || !challenge) throw new PrusaLinkRefused(401, this.usesKey);
      this.#challenge = challenge;
      this.#count = 0;
      if (sentChallenge !== null && !challenge.stale) throw new PrusaLinkRefused(401, false);
    }
    throw new PrusaLinkRefused(401, false);
  }

  /** The JSON body of a GET; null for 204 (`/api/v1/job` without a job). */
  async getJson(path: string, signal?: AbortSignal): Promise<unknown> {
    const response = await this.request({ path, ...(signal ? { signal } : {}) });
    const text = await response.text();
    if (response.status === 204 || text === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new CommandFailed(
        'internal',
        `${PRUSALINK} sent an unreadable answer: ${describeError(error)}`,
      );
    }
  }

  async #send(request: PrusaLinkRequest): Promise<Response> {
    const method = request.method ?? 'GET';
    const timeout = AbortSignal.timeout(request.timeoutMs ?? this.options.timeoutMs);
    const signal = request.signal ? anySignal([request.signal, timeout]) : timeout;
    const url = joinUrl(this.options.url, request.path);
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    const { credentials } = this.options;
    if (credentials.apiKey) headers['x-api-key'] = credentials.apiKey;
    else if (this.#challenge) {
      const target = new URL(url);
      headers.authorization = digestAuthorization({
        challenge: this.#challenge,
        user: credentials.user ?? 'maker',
        password: credentials.password ?? '',
        method,
        uri: `${target.pathname}${target.search}`,
        count: ++this.#count,
      });
    }
    try {
      return await fetch(await connectUrl(this.options.network, url), {
        method,
        headers,
        ...(request.body ? { body: request.body } : {}),
        signal,
        redirect: 'error',
      });
    } catch (error) {
      if (error instanceof CommandFailed) throw error;
      if (request.signal?.aborted) {
        throw new CommandFailed('timeout', `${PRUSALINK} did not finish in time.`);
      }
      const reason = timeout.aborted ? 'no answer in time' : describeError(error);
      throw new CommandFailed('printer-unreachable', `${PRUSALINK} does not answer (${reason}).`);
    }
  }

  /**
   * A non-2xx answer becomes a HostHttpError with the printer's own words: `{title, text}`
   * with `Accept: application/json`, else `409: Conflict\n\nFile already exists` (reference
   * §3.3). Prusa-Link answers a wrong key with 403 "Bad X-Api-Key.".
   */
  async #checked(response: Response): Promise<Response> {
    if (response.ok) return response;
    const text = (await response.text().catch(() => '')).slice(0, 20_000);
    if (response.status === 403 && this.usesKey) throw new PrusaLinkRefused(403, true);
    let message = text.replace(/^\d{3}: [^\n]*\n\n/, '');
    try {
      const body = JSON.parse(text) as { text?: unknown; title?: unknown };
      if (typeof body.text === 'string') message = body.text;
      else if (typeof body.title === 'string') message = body.title;
    } catch {
      // plain text
    }
    throw new HostHttpError(response.status, boundDeviceText(message) || `HTTP ${response.status}`);
  }
}
