import type { ServerResponse } from 'node:http';
import { sendPythonJson } from './python-json.js';
import { isJsonRequest, isRecord, parseJson, readBody } from '../http/body.js';
import { HttpError } from '../http/errors.js';
import { sendBytes } from '../http/respond.js';
import type { RouteContext } from '../http/router.js';
import type { OctoPrintContext } from './context.js';

const NOT_JSON =
  "Did not attempt to load JSON data because the request Content-Type was not 'application/json'.";

/** Flask's `get_json()`: 415 without the JSON content type, 400 when malformed. */
export async function readJson(
  ctx: OctoPrintContext,
  rc: RouteContext,
): Promise<Record<string, unknown>> {
  if (!isJsonRequest(rc.req)) throw new HttpError(415, NOT_JSON);
  const data = parseJson(await readBody(rc.req, ctx.settings.maxJsonBytes));
  if (!isRecord(data)) {
    throw new HttpError(400, 'Malformed JSON body or wrong content-type in request');
  }
  return data;
}

/** OctoPrint's `get_json_command_from_request`: a known command with its mandatory fields. */
export async function readCommand(
  ctx: OctoPrintContext,
  rc: RouteContext,
  valid: Record<string, readonly string[]>,
): Promise<{ command: string; data: Record<string, unknown> }> {
  const data = await readJson(ctx, rc);
  const command = data.command;
  if (typeof command !== 'string' || !Object.hasOwn(valid, command)) {
    throw new HttpError(400, 'command is invalid');
  }
  if ((valid[command] as readonly string[]).some((field) => !(field in data))) {
    throw new HttpError(400, 'Mandatory parameters missing');
  }
  return { command, data };
}

export function requireOperational(
  ctx: OctoPrintContext,
  message = 'Printer is not operational',
): void {
  if (!ctx.connection.isOperational) throw new HttpError(409, message);
}

export function sendOctoPrintError(res: ServerResponse, error: HttpError): void {
  const headers = error.options.headers ?? {};
  if (error.options.plain) sendBytes(res, error.status, 'text/plain', error.message, headers);
  else sendPythonJson(res, error.status, { error: error.message }, headers);
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
