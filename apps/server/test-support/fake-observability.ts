import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A local stand-in for the two reporting services, speaking their documented endpoints:
 * - Sentry / GlitchTip: `POST /api/<project id>/envelope/`, a newline-separated envelope (a
 *   header line, then an item header and payload per item; the body may be gzipped), see
 *   https://develop.sentry.dev/sdk/envelopes/;
 * - Plausible: `POST /api/event` with `{ name, url, domain, referrer? }`, answered 202, see
 *   https://plausible.io/docs/events-api.
 * Both answer CORS, as the real services do, so a browser may send to them.
 */
export interface ReceivedRequest {
  method: string;
  path: string;
  body: string;
}

export interface SentryEventSeen {
  /** 'node' from the server's SDK, 'javascript' from the browser's */
  platform?: string;
  event_id?: string;
  environment?: string;
  release?: string;
  tags?: Record<string, string>;
  request?: { url?: string };
  user?: unknown;
  exception?: { values?: Array<{ type?: string; value?: string }> };
}

export interface PageView {
  name: string;
  url: string;
  domain: string;
  referrer?: string | null;
}

const PROJECT_ID = 42;
const PUBLIC_KEY = 'publickey0123456789';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      resolve(
        (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'),
      );
    });
    req.on('error', reject);
  });
}

/** The events of an envelope: item header lines carry a length or end at the newline. */
export function readEnvelopeEvents(body: string): SentryEventSeen[] {
  const lines = body.split('\n');
  const events: SentryEventSeen[] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const header = JSON.parse(lines[i] ?? '{}') as { type?: string };
    if (header.type === 'event') events.push(JSON.parse(lines[i + 1] ?? '{}') as SentryEventSeen);
  }
  return events;
}

function answer(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'content-type': 'application/json',
  });
  res.end(body);
}

export async function startFakeObservability() {
  const requests: ReceivedRequest[] = [];
  const errors: SentryEventSeen[] = [];
  const pageViews: PageView[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.method === 'OPTIONS') return answer(res, 204, '');
      const body = await readBody(req);
      requests.push({ method: req.method ?? '', path, body });
      if (req.method === 'POST' && path === `/api/${PROJECT_ID}/envelope/`) {
        errors.push(...readEnvelopeEvents(body));
        return answer(res, 200, '{}');
      }
      if (req.method === 'POST' && path === '/api/event') {
        pageViews.push(JSON.parse(body) as PageView);
        return answer(res, 202, '"ok"');
      }
      return answer(res, 404, '{"detail":"not found"}');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    /** SENTRY_DSN pointing here */
    dsn: `http://${PUBLIC_KEY}@127.0.0.1:${port}/${PROJECT_ID}`,
    /** ANALYTICS_URL pointing here */
    url: origin,
    requests,
    errors,
    pageViews,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeObservability = Awaited<ReturnType<typeof startFakeObservability>>;
