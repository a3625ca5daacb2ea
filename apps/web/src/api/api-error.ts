import { ErrorBodySchema } from '@printdeck/shared';

export interface ApiErrorInit {
  /** HTTP status; null when no response arrived (network failure) */
  status: number | null;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  retryAfterSeconds?: number;
  method: string;
  url: string;
  /** the response body as received, for the developer view of the error modal */
  body?: unknown;
}

/** Every failure of an API call: one type carrying what the UI needs to explain it. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly method: string;
  readonly url: string;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
  }

  get isNetworkError(): boolean {
    return this.status === null;
  }

  /** Messages the server gave for one field of a validation error. */
  getFieldErrors(field: string): string[] {
    const value = this.details?.[field];
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** Reads a failed response into an ApiError, whatever the body holds. */
export async function readErrorResponse(
  response: Response,
  request: { method: string; url: string },
): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a proxy's HTML page, for instance): keep the text
  }
  const parsed = ErrorBodySchema.safeParse(body);
  return new ApiError({
    status: response.status,
    code: parsed.success ? parsed.data.code : `http_${response.status}`,
    message: parsed.success
      ? parsed.data.message
      : response.statusText || `HTTP ${response.status}`,
    details: parsed.success ? parsed.data.details : undefined,
    retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
    body,
    ...request,
  });
}

/**
 * No answer, forbidden, or maintenance: the error modal explains these whatever screen
 * made the call, because no form can fix them.
 */
export function isTransportError(error: unknown): boolean {
  return (
    isApiError(error) && (error.status === null || error.status === 403 || isMaintenance(error))
  );
}

/**
 * 503 for maintenance, or from something in front of the server; a 503 with its own code (the
 * mail server is down, a printer's instance is away) is an error of that one action.
 */
export function isMaintenance(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 503 &&
    (error.code === 'maintenance' || error.code === 'http_503')
  );
}

/** The answer of a failed call as text, for "Uknown error: {response}" messages. */
export function describeErrorResponse(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  return typeof error.body === 'object' && error.body !== null
    ? JSON.stringify(error.body)
    : `${error.status} ${error.message}`;
}
