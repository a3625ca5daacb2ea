import { anySignal } from '../compat.js';
import { CommandFailed, describeError } from './driver.js';
import type { MultipartUpload } from './host-files.js';
import { connectUrl, type HostNetwork } from './host-network.js';
import { postUpload } from './host-upload.js';
import { trimLeadingSlashes, trimTrailingSlashes } from '@printdeck/shared';

/** A non-2xx answer from OctoPrint or Moonraker, with the text it gave. */
export class HostHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HostHttpError';
  }
}

export interface HostRequest {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
  path: string;
  json?: unknown;
  /** a file upload, sent with its length; the caller closes it */
  upload?: MultipartUpload;
  timeoutMs: number;
  /** the caller's deadline (the server request's), on top of `timeoutMs` */
  signal?: AbortSignal;
}

/** `base` + `/path`, keeping a prefix such as `http://pi/octoprint`. */
export function joinUrl(base: string, path: string): string {
  return `${trimTrailingSlashes(base)}/${trimLeadingSlashes(path)}`;
}

/**
 * HTTP to the printer's host on the local network. A host that cannot be reached or does not
 * answer in time is `printer-unreachable`; the caller's own deadline is `timeout`; a non-2xx
 * answer is a HostHttpError for the driver to map.
 */
export async function requestHost(
  host: { baseUrl: string; name: string; headers: Record<string, string>; network?: HostNetwork },
  request: HostRequest,
): Promise<Response> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? anySignal([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { ...host.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const { upload } = request;
  if (upload) {
    headers['content-type'] = upload.contentType;
    headers['content-length'] = String(upload.length);
  }
  let response: Response;
  try {
    const url = await connectUrl(host.network, joinUrl(host.baseUrl, request.path));
    response = upload
      ? await postUpload(url, headers, upload, signal)
      : await fetch(url, {
          method: request.method ?? (body === undefined ? 'GET' : 'POST'),
          headers,
          body,
          signal,
          redirect: 'error',
        });
  } catch (error) {
    if (error instanceof CommandFailed) throw error;
    if (request.signal?.aborted) {
      throw new CommandFailed('timeout', `${host.name} did not finish in time.`);
    }
    const reason = timeout.aborted ? 'no answer in time' : describeError(error);
    throw new CommandFailed('printer-unreachable', `${host.name} does not answer (${reason}).`);
  }
  if (!response.ok) {
    throw new HostHttpError(response.status, await errorText(response));
  }
  return response;
}

/** The JSON body of a 2xx answer; an unreadable one counts as a broken host. */
export async function readJsonBody(response: Response, hostName: string): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch (error) {
    throw new CommandFailed(
      'internal',
      `${hostName} sent an unreadable answer: ${describeError(error)}`,
    );
  }
}

/** Longest device text passed on to the server (error messages, reasons). */
export const MAX_DEVICE_TEXT = 300;

/**
 * A device's text as users may see it: an HTML page (OctoPrint's 500, a proxy's error) loses
 * its markup, scripts and styles, control characters go, and it is bounded.
 */
export function boundDeviceText(text: string, max = MAX_DEVICE_TEXT): string {
  let plain = text;
  if (/<\s*(html|!doctype|body|head|title|p|h1)\b/i.test(text)) {
    plain = replaceTags(text.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')).replace(
      /&(lt|gt|amp|quot|#39|nbsp);/g,
      ' ',
    );
  }
  plain = [...plain]
    .map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** OctoPrint's `{"error": "…"}`, Moonraker's `{"error": {"message": "…"}}`, or the plain text. */
async function errorText(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 20_000);
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
    const nested = body.error as { message?: unknown } | undefined;
    if (typeof nested?.message === 'string') message = nested.message;
  } catch {
    // not JSON: the text itself
  }
  return boundDeviceText(message) || `HTTP ${response.status}`;
}

/** A JSON object's fields, or an empty record for anything else. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Each `<…>` tag becomes a space, as `replace(/<[^>]*>/g, ' ')` did, in linear time. */
export function replaceTags(text: string): string {
  let out = '';
  let pos = 0;
  for (;;) {
    const open = text.indexOf('<', pos);
    if (open < 0) break;
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    out += `${text.slice(pos, open)} `;
    pos = close + 1;
  }
  return out + text.slice(pos);
}
