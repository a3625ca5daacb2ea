import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokenStore } from '../src/session/session';

/** The access token the page holds; the fake server answers nothing without it. */
const ACCESS_TOKEN = 'fake-access-token';

export interface FakeApiCall {
  method: string;
  /** path and query, e.g. `/api/groups/1/files/?limit=20` */
  url: string;
  contentType: string | undefined;
  body: string;
}

export type FakeApiAnswer =
  { status: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** What vitest's jsdom environment exposes of the JSDOM object. */
interface JsdomHandle {
  reconfigure(options: { url: string }): void;
}

export type FakeApiHandler = (call: FakeApiCall) => FakeApiAnswer | Promise<FakeApiAnswer>;

export interface FakeApiServer {
  calls: FakeApiCall[];
  /** answers from now on with `handler`, forgetting the calls so far (one per test) */
  answerWith(handler: FakeApiHandler): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    request.on('error', reject);
  });
}

/**
 * A small HTTP server on 127.0.0.1, one per test file, that answers the API calls a component makes, with the
 * answers a test gives (unknown routes: 404) to a signed-in page (the page holds an access
 * token; a request without it is 401). The jsdom page is moved to its origin, so the
 * app's own client reaches it as it reaches the real server: XMLHttpRequest (uploads) directly,
 * fetch through a shim that resolves the relative `/api/...` paths as a browser does.
 */
export async function startFakeApiServer(): Promise<FakeApiServer> {
  const calls: FakeApiCall[] = [];
  let answer: FakeApiHandler = () => undefined;
  const server = createServer((request, response) => {
    // jsdom keeps the page's first origin for XMLHttpRequest: allow it as a browser would
    // allow the app's own origin
    const cors = {
      'access-control-allow-origin': request.headers.origin ?? '*',
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    void (async () => {
      const call: FakeApiCall = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        contentType: request.headers['content-type'],
        body: await readBody(request),
      };
      calls.push(call);
      const isSignedIn = request.headers.authorization === `Bearer ${ACCESS_TOKEN}`;
      const answered = !isSignedIn
        ? { status: 401, body: { code: 'not_authenticated', message: 'Sign in first.' } }
        : ((await answer(call)) ?? {
            status: 404,
            body: { code: 'not_found', message: `No route ${call.method} ${call.url}` },
          });
      response.writeHead(answered.status, {
        ...cors,
        'content-type': 'application/json',
        ...('headers' in answered ? answered.headers : {}),
      });
      response.end(answered.body === undefined ? '' : JSON.stringify(answered.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (globalThis as unknown as { jsdom: JsdomHandle }).jsdom.reconfigure({ url: `${origin}/` });
  tokenStore.save({ access: ACCESS_TOKEN, refresh: 'kept in a cookie' });
  const nodeFetch = globalThis.fetch;
  // jsdom's AbortSignal is not Node's: the shim leaves it out (no test here aborts a fetch)
  globalThis.fetch = (input, init = {}) => {
    const { signal: _signal, ...rest } = init;
    return nodeFetch(new URL(String(input), window.location.href), rest);
  };
  return {
    calls,
    answerWith(handler) {
      answer = handler;
      calls.length = 0;
    },
    close: () => {
      globalThis.fetch = nodeFetch;
      tokenStore.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
