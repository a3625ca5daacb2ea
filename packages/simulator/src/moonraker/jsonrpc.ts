import { isRecord } from '../http/body.js';
import type { MoonrakerContext } from './context.js';
import { invoke, type MethodTable, type RpcConnection } from './methods.js';
import {
  INVALID_PARAMS,
  INVALID_REQUEST,
  methodNotFound,
  PARSE_ERROR,
  RpcError,
} from './rpc-error.js';

/** A batch larger than this is refused as a whole. */
export const MAX_BATCH = 50;

type Response = Record<string, unknown>;

export interface RpcOptions {
  connection: RpcConnection | null;
  /** Methods this transport does not offer (subscribe over HTTP). */
  unavailable?: ReadonlySet<string>;
  /** False when the caller still has to authenticate. */
  isAuthorized: () => boolean;
}

/**
 * JSON-RPC 2.0 as Moonraker speaks it, for the websocket and `POST /server/jsonrpc`.
 * Returns the response text, or null when the payload held only notifications.
 */
export async function handleRpcText(
  ctx: MoonrakerContext,
  table: MethodTable,
  text: string,
  options: RpcOptions,
): Promise<string | null> {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return JSON.stringify(errorResponse(null, new RpcError(PARSE_ERROR, 'Parse error')));
  }
  if (!Array.isArray(payload)) {
    const response = await handleRequest(ctx, table, payload, options);
    return response === null ? null : JSON.stringify(response);
  }
  if (payload.length === 0 || payload.length > MAX_BATCH) {
    return JSON.stringify(errorResponse(null, new RpcError(INVALID_REQUEST, 'Invalid Request')));
  }
  const responses = await Promise.all(
    payload.map((item) => handleRequest(ctx, table, item, options)),
  );
  const answered = responses.filter((r): r is Response => r !== null);
  return answered.length > 0 ? JSON.stringify(answered) : null;
}

async function handleRequest(
  ctx: MoonrakerContext,
  table: MethodTable,
  request: unknown,
  options: RpcOptions,
): Promise<Response | null> {
  const id = isRecord(request) && isValidId(request.id) ? request.id : null;
  if (!isRecord(request) || request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    return errorResponse(id, new RpcError(INVALID_REQUEST, 'Invalid Request'));
  }
  const isNotification = !('id' in request);
  const params = request.params ?? {};
  let response: Response;
  try {
    if (!isRecord(params)) throw new RpcError(INVALID_PARAMS, 'Invalid params:');
    const method = request.method;
    if (options.unavailable?.has(method)) throw methodNotFound();
    if (method !== 'server.connection.identify' && !options.isAuthorized()) {
      throw new RpcError(INVALID_PARAMS, 'Unauthorized');
    }
    const result = await invoke(ctx, table, method, {
      args: params,
      connection: options.connection,
      transport: 'jsonrpc',
    });
    response = { jsonrpc: '2.0', result, id };
  } catch (error) {
    response = errorResponse(id, toRpcError(error));
  }
  return isNotification ? null : response;
}

export function toRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  console.error('simulator: method failed', error);
  return new RpcError(500, 'Internal Server Error');
}

function errorResponse(id: unknown, error: RpcError): Response {
  return { jsonrpc: '2.0', error: { code: error.code, message: error.message }, id };
}

function isValidId(id: unknown): boolean {
  return typeof id === 'number' || typeof id === 'string';
}
