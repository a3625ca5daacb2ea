import type { MoonrakerContext } from './context.js';
import { klippyNotConnected, methodNotFound } from './rpc-error.js';
import type { Subscription } from './subscriptions.js';

/** A websocket client as methods see it. */
export interface RpcConnection {
  readonly id: number;
  subscription: Subscription | null;
  identified: boolean;
  authenticated: boolean;
}

export interface CallContext {
  args: Record<string, unknown>;
  /** The websocket the call came over (or named by `?connection_id=`), else null. */
  connection: RpcConnection | null;
  /** JSON-RPC (websocket or `/server/jsonrpc`) or a plain HTTP route */
  transport?: 'jsonrpc' | 'http';
}

export type HttpVerb = 'GET' | 'POST' | 'DELETE';

export interface MethodDef {
  name: string;
  /** HTTP routes; none for websocket-only methods. */
  http: readonly (readonly [HttpVerb, string])[];
  /**
   * A Klipper endpoint: over JSON-RPC "Method not found" while Klippy is disconnected; over
   * HTTP 503 "Klippy Host not connected" (404 before Klippy ever connected).
   */
  klippy?: boolean;
  handler(ctx: MoonrakerContext, call: CallContext): unknown;
}

/** Klipper's own endpoints answer both GET and POST over HTTP (reference B.1). */
export function klippyEndpoint(
  name: string,
  handler: MethodDef['handler'],
  verbs: readonly HttpVerb[] = ['GET', 'POST'],
): MethodDef {
  const path = `/${name.replaceAll('.', '/')}`;
  return { name, http: verbs.map((verb) => [verb, path] as const), klippy: true, handler };
}

/** A Moonraker endpoint at the path its name gives. */
export function serverEndpoint(
  name: string,
  verb: HttpVerb,
  handler: MethodDef['handler'],
): MethodDef {
  return { name, http: [[verb, `/${name.replaceAll('.', '/')}`]], handler };
}

export type MethodTable = ReadonlyMap<string, MethodDef>;

export function methodTable(defs: readonly MethodDef[]): MethodTable {
  return new Map(defs.map((def) => [def.name, def]));
}

/** Runs a method with Moonraker's "Klippy not connected" rules; always returns a promise. */
export async function invoke(
  ctx: MoonrakerContext,
  table: MethodTable,
  name: string,
  call: CallContext,
): Promise<unknown> {
  const def = table.get(name);
  if (!def) throw methodNotFound();
  // Klippy's endpoints are registered when Klippy connects (moonraker/components/
  // klippy_connection.py `_request_endpoints`); its JSON-RPC methods go with the connection,
  // its HTTP routes stay and answer that the host is not connected.
  if (def.klippy && !ctx.klippy.isConnected) {
    const isHttp = call.transport === 'http';
    throw isHttp && ctx.klippy.hasConnected ? klippyNotConnected() : methodNotFound();
  }
  // Klippy connected, its endpoints not yet registered: `_request_endpoints` asks Klippy for
  // its list after the connection (klippy_connection.py), so a call just after is not found
  const isRegistering = Date.now() < ctx.klippy.connectedAtMs + ctx.settings.endpointsDelayMs;
  if (def.klippy && isRegistering && call.transport !== 'http') throw methodNotFound();
  return def.handler(ctx, call);
}
