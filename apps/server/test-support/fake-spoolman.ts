import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks Spoolman's REST API v1 as far as Printdeck uses it (Spoolman
 * itself is a Python service that cannot run here). Shapes from upstream Donkie/Spoolman:
 * `spoolman/api/v1/other.py` (`/info`, `/health`), `spoolman/api/v1/spool.py` (find with
 * `allow_archived`, `limit`, `offset`, `sort` and the `x-total-count` header; get; `PUT
 * /{id}/use` with exactly one of `use_weight`/`use_length`, 404 `{"message"}` for a missing
 * id), `spoolman/database/spool.py` (`use_weight` is an atomic increment of `used_weight`,
 * negatives allowed, floored at 0; `remaining_weight` = initial − used, floored at 0) and
 * `response_model_exclude_none=True` (null fields are omitted). Summarised in
 * reference/bambu-prusalink-spoolman.md §4 and §5.3.
 */
export interface FakeSpoolmanSpool {
  id: number;
  filament: {
    id: number;
    name?: string;
    vendor?: { id: number; name: string };
    material?: string;
    price?: number;
    density: number;
    diameter: number;
    weight?: number;
    color_hex?: string;
  };
  price?: number;
  initial_weight?: number;
  used_weight: number;
  location?: string;
  comment?: string;
  archived: boolean;
}

export type FakeSpoolmanMode =
  /** answers like Spoolman */
  | 'up'
  /** the connection is refused: Spoolman is down */
  | 'down'
  /** an HTML page (a wrong address behind a proxy) */
  | 'garbage';

export async function startFakeSpoolman() {
  const spools = new Map<number, FakeSpoolmanSpool>();
  const uses: Array<{ id: number; use_weight: number }> = [];
  const requests: Array<{ method: string; path: string; authorization?: string }> = [];
  let mode: FakeSpoolmanMode = 'up';
  let nextId = 1;
  /** `/use` calls to apply and then answer 500 (Spoolman applied it; the answer is lost) */
  let failUsesAfterApply = 0;

  function view(spool: FakeSpoolmanSpool): Record<string, unknown> {
    const initial = spool.initial_weight ?? spool.filament.weight;
    const remaining = initial === undefined ? undefined : Math.max(0, initial - spool.used_weight);
    const raw = {
      ...spool,
      registered: '2026-01-01T00:00:00Z',
      remaining_weight: remaining,
      extra: {},
      filament: { ...spool.filament, registered: '2026-01-01T00:00:00Z', extra: {} },
    };
    // response_model_exclude_none: absent, never null
    return JSON.parse(JSON.stringify(raw, (_key, value: unknown) => value ?? undefined));
  }

  function send(response: http.ServerResponse, status: number, body: unknown, headers = {}) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }

  function handle(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://spoolman');
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
    });
    if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>It works!</body></html>');
      return;
    }
    const path = url.pathname;
    if (request.method === 'GET' && path === '/api/v1/info') {
      return send(response, 200, {
        version: '0.22.1',
        debug_mode: false,
        automatic_backups: true,
        data_dir: '/home/app/.local/share/spoolman',
        logs_dir: '/home/app/.local/share/spoolman',
        backups_dir: '/home/app/.local/share/spoolman/backups',
        db_type: 'sqlite',
      });
    }
    if (request.method === 'GET' && path === '/api/v1/health') {
      return send(response, 200, { status: 'healthy' });
    }
    if (request.method === 'GET' && path === '/api/v1/spool') {
      const allowArchived = url.searchParams.get('allow_archived') === 'true';
      const all = [...spools.values()]
        .filter((spool) => allowArchived || !spool.archived)
        .sort((a, b) => a.id - b.id);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : -1;
      const page = all.slice(offset, limit < 0 ? undefined : offset + limit);
      return send(response, 200, page.map(view), { 'x-total-count': String(all.length) });
    }
    const item = /^\/api\/v1\/spool\/(\d+)(\/use)?$/.exec(path);
    if (item) {
      const spool = spools.get(Number(item[1]));
      if (!spool) return send(response, 404, { message: `No spool with ID ${item[1]} found.` });
      if (request.method === 'GET' && !item[2]) return send(response, 200, view(spool));
      if (request.method === 'PUT' && item[2]) {
        const input = JSON.parse(body || '{}') as { use_weight?: number; use_length?: number };
        if ((input.use_weight === undefined) === (input.use_length === undefined)) {
          return send(response, 400, {
            message: 'Only specify either use_weight or use_length.',
          });
        }
        const grams = input.use_weight ?? 0;
        spool.used_weight = Math.max(0, spool.used_weight + grams);
        uses.push({ id: spool.id, use_weight: grams });
        if (failUsesAfterApply > 0) {
          failUsesAfterApply -= 1;
          return send(response, 500, { message: 'Internal Server Error' });
        }
        return send(response, 200, view(spool));
      }
    }
    return send(response, 404, { detail: 'Not Found' });
  }

  const server = http.createServer((request, response) => {
    if (mode === 'down') {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    spools,
    uses,
    requests,
    addSpool(input: Partial<FakeSpoolmanSpool> & { filament: FakeSpoolmanSpool['filament'] }) {
      const spool: FakeSpoolmanSpool = { used_weight: 0, archived: false, ...input, id: nextId++ };
      spools.set(spool.id, spool);
      return spool;
    },
    setMode(next: FakeSpoolmanMode) {
      mode = next;
    },
    failNextUsesAfterApply(count: number) {
      failUsesAfterApply = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeSpoolman = Awaited<ReturnType<typeof startFakeSpoolman>>;
