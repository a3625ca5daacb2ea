/** A Moonraker error: an HTTP-like code (400, 503, …) or a JSON-RPC code (−32601, …). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INVALID_REQUEST = -32600;
export const PARSE_ERROR = -32700;

export function methodNotFound(): RpcError {
  return new RpcError(METHOD_NOT_FOUND, 'Method not found');
}

export function klippyNotConnected(): RpcError {
  return new RpcError(503, 'Klippy Host not connected');
}

/** The HTTP status for an error code (reference B.1 mapping table). */
export function httpStatusOf(code: number): number {
  if (code >= 400 && code < 600) return code;
  return code === METHOD_NOT_FOUND ? 404 : 400;
}

/** "No data for argument: filename" (400), as Moonraker words a missing argument. */
export function requireString(args: Record<string, unknown>, name: string): string {
  const value = args[name];
  if (value === undefined || value === null)
    throw new RpcError(400, `No data for argument: ${name}`);
  if (typeof value !== 'string')
    throw new RpcError(400, `Unable to convert argument [${name}] to string`);
  return value;
}

export function optionalNumber(
  args: Record<string, unknown>,
  name: string,
  fallback: number,
): number {
  const value = args[name];
  if (value === undefined || value === null) return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new RpcError(400, `Unable to convert argument [${name}] to number`);
  }
  return number;
}
