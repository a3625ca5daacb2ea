import http from 'node:http';
import https from 'node:https';
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

/** What the printer answered, read whole (status bodies are about 1 KB; a snapshot some 100 KB). */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An answer larger than this is refused, never buffered (a real one is far smaller). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** errors of a kept-alive connection the printer closed just as it was reused */
const CLOSED_ON_REUSE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

const headerText = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;

/**
 * HTTP to one PrusaLink printer with its authentication (reference §3.2). Digest: the last
 * challenge is kept and reused, since Buddy's nonces live under 5 s and a `stale=true` 401 is
 * the normal way to get a new one — answered again at once, never taken as a wrong password.
 * A 401 that is not stale, on a digest from a fresh challenge, is a wrong password.
 *
 * Plain `node:http` on one kept-alive connection (two at most: a command beside the status
 * read; Buddy serves 3), not `fetch`: the status is read every 2 s for as long as the printer
 * is followed, and in LAN mode the server does that for every printer. Each `fetch` built its
 * request, headers, streams and abort signal anew; at 500 printers that garbage held the
 * server's heap at several times what it kept (docs/benchmarks.md, issue 25 round 2).
 */
export class PrusaLinkApi {
  #challenge: DigestChallenge | null = null;
  #count = 0;
  readonly #agent: http.Agent;

  constructor(
    private readonly options: {
      url: string;
      credentials: PrusaLinkCredentials;
      timeoutMs: number;
      network?: HostNetwork;
    },
  ) {
    const isHttps = options.url.startsWith('https:');
    const agentOptions = { keepAlive: true, maxSockets: 2, maxFreeSockets: 1 };
    this.#agent = isHttps ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  }

  get usesKey(): boolean {
    return Boolean(this.options.credentials.apiKey);
  }

  /** The answer as a `Response` (2xx; anything else throws with the printer's words). */
  async request(request: PrusaLinkRequest): Promise<Response> {
    const answer = await this.#exchange(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      const text = headerText(value);
      if (text !== null) headers.set(name, text);
    }
    const hasBody = answer.body.length > 0 && ![204, 205, 304].includes(answer.status);
    return new Response(hasBody ? answer.body : null, { status: answer.status, headers });
  }

  /** The JSON body of a GET; null for 204 (`/api/v1/job` without a job). */
  async getJson(path: string, signal?: AbortSignal): Promise<unknown> {
    const answer = await this.#exchange({ path, ...(signal ? { signal } : {}) });
    if (answer.status === 204 || answer.body.length === 0) return null;
    try {
      return JSON.parse(answer.body.toString('utf8')) as unknown;
    } catch (error) {
      throw new CommandFailed(
        'internal',
        `${PRUSALINK} sent an unreadable answer: ${describeError(error)}`,
      );
    }
  }

  /** Lets go of the kept-alive connections (the driver stopped). */
  close(): void {
    this.#agent.destroy();
  }

  async #exchange(request: PrusaLinkRequest): Promise<Answer> {
    // one first try and up to two new nonces (a stale one, then maybe a second that aged out)
    for (let attempt = 0; attempt < 3; attempt++) {
      const sentChallenge = this.#challenge;
      const answer = await this.#send(request);
      if (answer.status !== 401) return this.#checked(answer);
      const challenge = parseDigestChallenge(headerText(answer.headers['www-authenticate']));
      if (this.usesKey || !challenge) throw new PrusaLinkRefused(401, this.usesKey);
      this.#challenge = challenge;
      this.#count = 0;
      if (sentChallenge !== null && !challenge.stale) throw new PrusaLinkRefused(401, false);
    }
    throw new PrusaLinkRefused(401, false);
  }

  async #send(request: PrusaLinkRequest): Promise<Answer> {
    const method = request.method ?? 'GET';
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
    if (request.body) headers['content-length'] = String(request.body.length);
    const target = new URL(await connectUrl(this.options.network, url));
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    // a kept-alive connection the printer had just closed: a GET is sent once more, new
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#once(target, method, headers, request, timeoutMs);
      } catch (error) {
        const { code, isReused } = (error ?? {}) as { code?: unknown; isReused?: boolean };
        const isRetried =
          isReused === true &&
          attempt === 0 &&
          (method === 'GET' || method === 'HEAD') &&
          CLOSED_ON_REUSE.has(String(code));
        if (!isRetried) throw error;
      }
    }
  }

  /** One request and its whole answer; no redirect is followed (reference §3: none is sent). */
  #once(
    target: URL,
    method: string,
    headers: Record<string, string>,
    request: PrusaLinkRequest,
    timeoutMs: number,
  ): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      let isDone = false;
      const finish = (error: unknown, answer?: Answer) => {
        if (isDone) return;
        isDone = true;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        if (answer) resolve(answer);
        else reject(error);
      };
      const failed = (reason: string, code?: unknown) =>
        Object.assign(
          new CommandFailed('printer-unreachable', `${PRUSALINK} does not answer (${reason}).`),
          { code, isReused: outgoing.reusedSocket },
        );
      const send = target.protocol === 'https:' ? https.request : http.request;
      const outgoing = send(target, { method, headers, agent: this.#agent }, (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            outgoing.destroy();
            finish(new CommandFailed('internal', `${PRUSALINK} sent an answer larger than 32 MB.`));
          } else chunks.push(chunk);
        });
        incoming.on('end', () =>
          finish(null, {
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
        incoming.on('error', (error) => finish(failed(describeError(error))));
      });
      const timer = setTimeout(() => {
        outgoing.destroy();
        finish(failed('no answer in time'));
      }, timeoutMs);
      const onAbort = () => {
        outgoing.destroy();
        finish(new CommandFailed('timeout', `${PRUSALINK} did not finish in time.`));
      };
      if (request.signal?.aborted) onAbort();
      request.signal?.addEventListener('abort', onAbort, { once: true });
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        finish(failed(describeError(error), error.code)),
      );
      outgoing.end(request.body);
    });
  }

  /**
   * A non-2xx answer becomes a HostHttpError with the printer's own words: `{title, text}`
   * with `Accept: application/json`, else `409: Conflict\n\nFile already exists` (reference
   * §3.3). Prusa-Link answers a wrong key with 403 "Bad X-Api-Key.".
   */
  #checked(answer: Answer): Answer {
    if (answer.status >= 200 && answer.status < 300) return answer;
    const text = answer.body.subarray(0, 20_000).toString('utf8');
    if (answer.status === 403 && this.usesKey) throw new PrusaLinkRefused(403, true);
    let message = text.replace(/^\d{3}: [^\n]*\n\n/, '');
    try {
      const body = JSON.parse(text) as { text?: unknown; title?: unknown };
      if (typeof body.text === 'string') message = body.text;
      else if (typeof body.title === 'string') message = body.title;
    } catch {
      // plain text
    }
    throw new HostHttpError(answer.status, boundDeviceText(message) || `HTTP ${answer.status}`);
  }
}
