import { CommandFailed, describeError } from './driver.js';

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
  form?: FormData;
  timeoutMs: number;
  /** the caller's deadline (the server request's), on top of `timeoutMs` */
  signal?: AbortSignal;
}

/** `base` + `/path`, keeping a prefix such as `http://pi/octoprint`. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * HTTP to the printer's host on the local network. A host that cannot be reached or does not
 * answer in time is `printer-unreachable`; the caller's own deadline is `timeout`; a non-2xx
 * answer is a HostHttpError for the driver to map.
 */
export async function requestHost(
  host: { baseUrl: string; name: string; headers: Record<string, string> },
  request: HostRequest,
): Promise<Response> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { ...host.headers };
  let body: string | FormData | undefined = request.form;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  let response: Response;
  try {
    response = await fetch(joinUrl(host.baseUrl, request.path), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal,
      redirect: 'error',
    });
  } catch (error) {
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

/** OctoPrint's `{"error": "…"}`, Moonraker's `{"error": {"message": "…"}}`, or the plain text. */
async function errorText(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 2000);
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
    const nested = body.error as { message?: unknown } | undefined;
    if (typeof nested?.message === 'string') return nested.message;
  } catch {
    // not JSON: the text itself
  }
  return text || `HTTP ${response.status}`;
}

/** A JSON object's fields, or an empty record for anything else. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
