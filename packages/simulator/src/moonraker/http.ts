import type { ServerResponse } from 'node:http';
import { isJsonRequest, isRecord, parseJson, readBody } from '../http/body.js';
import { HttpError } from '../http/errors.js';
import { sendBytes, sendJson } from '../http/respond.js';
import { route, type Route, type RouteContext } from '../http/router.js';
import type { MoonrakerAuth } from './auth.js';
import type { MoonrakerContext } from './context.js';
import { deleteFile } from './files-methods.js';
import { handleRpcText, toRpcError } from './jsonrpc.js';
import { invoke, type MethodDef, type MethodTable, type RpcConnection } from './methods.js';
import { httpStatusOf, RpcError } from './rpc-error.js';
import { SNAPSHOT_PATH } from './server-methods.js';
import { uploadFile } from './upload.js';

export interface MoonrakerHttpDeps {
  ctx: MoonrakerContext;
  table: MethodTable;
  auth: MoonrakerAuth;
  findConnection: (id: number) => RpcConnection | undefined;
}

/** Methods whose query string names objects (`?print_stats&extruder=temperature`). */
const OBJECT_QUERIES = new Set(['printer.objects.query', 'printer.objects.subscribe']);

/** Every HTTP route: the method table, plus upload, download, JSON-RPC, tokens and the camera. */
export function moonrakerRoutes(deps: MoonrakerHttpDeps): Route[] {
  const { ctx, auth } = deps;
  const guarded = (
    method: string,
    path: string,
    handle: (rc: RouteContext) => Promise<void> | void,
  ) =>
    route(method, path, async (rc) => {
      auth.requireHttp(rc.req, rc.url);
      try {
        await handle(rc);
      } catch (error) {
        throw asHttpError(error);
      }
    });
  const methodRoutes = [...deps.table.values()].flatMap((def) =>
    def.http.map(([verb, path]) => guarded(verb, path, (rc) => callMethod(deps, def, rc))),
  );
  return [
    ...methodRoutes,
    guarded('POST', '/server/files/upload', (rc) => uploadFile(ctx, rc)),
    guarded('GET', '/server/files/gcodes/*', ({ res, params }) => {
      const file = ctx.printer.files.get(params.rest as string);
      if (!file) throw new HttpError(404, `File ${params.rest} does not exist`);
      sendBytes(res, 200, 'application/octet-stream', file.content, {
        'content-disposition': `attachment; filename="${file.name.replace(/["\\]/g, '_')}"`,
      });
    }),
    guarded('DELETE', '/server/files/gcodes/*', ({ res, params }) =>
      sendResult(res, deleteFile(ctx, `gcodes/${params.rest as string}`)),
    ),
    guarded('POST', '/server/jsonrpc', async ({ req, res }) => {
      if (!isJsonRequest(req)) throw new HttpError(400, 'Content-Type must be application/json');
      const text = (await readBody(req, ctx.settings.maxJsonBytes)).toString('utf8');
      // JSON-RPC over HTTP answers 200 even when the call failed (reference B.1)
      const response = await handleRpcText(ctx, deps.table, text, {
        connection: null,
        unavailable: new Set(['printer.objects.subscribe']),
        isAuthorized: () => true,
      });
      sendBytes(res, 200, 'application/json', response ?? '');
    }),
    guarded('GET', '/access/oneshot_token', ({ res }) =>
      sendResult(res, auth.createOneshotToken()),
    ),
    // crowsnest behind nginx: the snapshot needs no key, as on a real host
    route('GET', '/webcam/', ({ res, url }) => {
      if (!ctx.camera || `/webcam/${url.search}` !== SNAPSHOT_PATH) {
        throw new HttpError(404, 'Not Found');
      }
      sendBytes(res, 200, 'image/jpeg', ctx.camera.snapshot(), { 'cache-control': 'no-store' });
    }),
  ];
}

async function callMethod(
  deps: MoonrakerHttpDeps,
  def: MethodDef,
  rc: RouteContext,
): Promise<void> {
  const args = { ...queryArgs(rc.url), ...(await bodyArgs(deps.ctx, rc)) };
  if (OBJECT_QUERIES.has(def.name) && args.objects === undefined) {
    args.objects = objectsFromQuery(rc.url);
  }
  let connection: RpcConnection | null = null;
  if (args.connection_id !== undefined) {
    connection = deps.findConnection(Number(args.connection_id)) ?? null;
    delete args.connection_id;
  }
  sendResult(
    rc.res,
    await invoke(deps.ctx, deps.table, def.name, { args, connection, transport: 'http' }),
  );
}

/** Method errors keep their code as the HTTP status (−32601 becomes 404, B.1). */
function asHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const rpc = toRpcError(error);
  return new HttpError(httpStatusOf(rpc.code), rpc.message);
}

function sendResult(res: ServerResponse, result: unknown): void {
  sendJson(res, 200, { result });
}

/** Moonraker's error body; the reason phrase is the message too (reference B.1). */
export function sendMoonrakerError(res: ServerResponse, error: HttpError): void {
  res.statusMessage = error.message.split('\n')[0]?.replace(/[^\x20-\x7e]/g, '') || 'Error';
  sendJson(
    res,
    error.status,
    { error: { code: error.status, message: error.message } },
    error.options.headers,
  );
}

/** Query arguments with Moonraker's type hints: `?count:int=50`, `?x:json=…`. */
export function queryArgs(url: URL): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [rawKey, value] of url.searchParams) {
    const [key, hint] = rawKey.split(':') as [string, string | undefined];
    args[key] = convert(key, value, hint);
  }
  return args;
}

function convert(key: string, value: string, hint: string | undefined): unknown {
  const fail = () => new RpcError(400, `Unable to convert argument [${key}] to ${hint}`);
  switch (hint) {
    case undefined:
    case 'str':
      return value;
    case 'int':
    case 'float': {
      const number = Number(value);
      if (value === '' || !Number.isFinite(number) || (hint === 'int' && !Number.isInteger(number)))
        throw fail();
      return number;
    }
    case 'bool':
      if (value !== 'true' && value !== 'false') throw fail();
      return value === 'true';
    case 'json':
      try {
        return JSON.parse(value) as unknown;
      } catch {
        throw fail();
      }
    default:
      throw fail();
  }
}

async function bodyArgs(ctx: MoonrakerContext, rc: RouteContext): Promise<Record<string, unknown>> {
  const body = await readBody(rc.req, ctx.settings.maxJsonBytes);
  if (body.length === 0) return {};
  if (isJsonRequest(rc.req)) {
    const data = parseJson(body);
    if (!isRecord(data)) throw new HttpError(400, 'Request body must be a JSON object');
    return data;
  }
  return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}

function objectsFromQuery(url: URL): Record<string, string[] | null> {
  const objects: Record<string, string[] | null> = {};
  for (const [key, value] of url.searchParams) {
    if (key === 'connection_id') continue;
    objects[key] = value === '' ? null : value.split(',');
  }
  return objects;
}
