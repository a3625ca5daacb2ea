import { CommandFailed } from '../driver.js';
import { HostHttpError, readJsonBody, requestHost, type HostRequest } from '../host-http.js';
import type { HostNetwork } from '../host-network.js';
import { OCTOPRINT } from './octoprint-state.js';

export interface OctoPrintApiOptions {
  url: string;
  apiKey: string;
  /** longest wait for one answer */
  timeoutMs: number;
  /**
   * Told on every refusal that may mean a wrong key: 403 (reference A.1: never 401), and the
   * 400 "CSRF validation failed" OctoPrint answers a POST without a valid key.
   */
  onForbidden?: () => void;
  network?: HostNetwork;
}

type Call = Omit<HostRequest, 'timeoutMs'> & { timeoutMs?: number };

/** OctoPrint's REST API with the key in `X-Api-Key` only (never in a URL or a log). */
export class OctoPrintApi {
  constructor(private readonly options: OctoPrintApiOptions) {}

  get baseUrl(): string {
    return this.options.url;
  }

  get apiKey(): string {
    return this.options.apiKey;
  }

  /** A key handed over by the server when the agent was started without one. */
  setApiKey(apiKey: string): void {
    this.options.apiKey = apiKey;
  }

  /** The raw answer; non-2xx throws HostHttpError, no answer throws CommandFailed. */
  async fetch(call: Call): Promise<Response> {
    try {
      return await requestHost(
        {
          baseUrl: this.options.url,
          name: OCTOPRINT,
          headers: { 'x-api-key': this.options.apiKey },
          ...(this.options.network ? { network: this.options.network } : {}),
        },
        { timeoutMs: this.options.timeoutMs, ...call },
      );
    } catch (error) {
      if (error instanceof HostHttpError && isKeyRefusal(error)) this.options.onForbidden?.();
      throw error;
    }
  }

  async get(path: string, signal?: AbortSignal): Promise<unknown> {
    return readJsonBody(await this.fetch({ path, signal }), OCTOPRINT);
  }

  /** A command: JSON body, 204 (or JSON) back. */
  async post(path: string, json: unknown, signal?: AbortSignal): Promise<unknown> {
    return readJsonBody(await this.fetch({ path, json, signal }), OCTOPRINT);
  }
}

/**
 * OctoPrint checks CSRF before the key on a POST: a request whose key is not accepted has no
 * session either, so it is refused 400 "CSRF validation failed"
 * (src/octoprint/server/util/csrf.py, `validate_csrf_request`), never 403.
 */
export function isCsrfRefusal(error: HostHttpError): boolean {
  return error.status === 400 && /CSRF validation failed/i.test(error.message);
}

function isKeyRefusal(error: HostHttpError): boolean {
  return error.status === 403 || isCsrfRefusal(error);
}

/** OctoPrint's 409 texts (src/octoprint/server/api/job.py, printer.py), each its own reason. */
const CONFLICTS: ReadonlyArray<[RegExp, CommandFailed['code'], string]> = [
  [/not operational/i, 'not-operational', 'The printer is not connected to OctoPrint.'],
  [/already has an active print job/i, 'wrong-state', 'The printer is already printing a job.'],
  [
    /neither printing nor paused|not have an active print job/i,
    'wrong-state',
    'The printer has no print job to pause, resume or cancel.',
  ],
  [
    /currently printing|already printing/i,
    'wrong-state',
    'The printer is printing; it does not take this command now.',
  ],
];

/**
 * OctoPrint's refusals as command errors: 409 "conflicts with the current state" (each with
 * its reason), a refused key (403 or the CSRF 400), 400/404/415 a command OctoPrint does not
 * take. Messages never claim a status OctoPrint did not send.
 */
export function octoprintFailure(error: unknown): unknown {
  if (!(error instanceof HostHttpError)) return error;
  const text = `OctoPrint: ${error.message}`;
  if (error.status === 409) {
    const known = CONFLICTS.find(([pattern]) => pattern.test(error.message));
    return known
      ? new CommandFailed(known[1], `${known[2]} (${text})`)
      : new CommandFailed('wrong-state', text);
  }
  if (isCsrfRefusal(error)) {
    return new CommandFailed(
      'permission-denied',
      'OctoPrint refused the API key (400 CSRF validation failed): it is wrong or was revoked.',
    );
  }
  if (error.status === 403)
    return new CommandFailed(
      'permission-denied',
      `OctoPrint refused this to the API key (403): ${error.message}`,
    );
  if (error.status >= 400 && error.status < 500) return new CommandFailed('invalid-command', text);
  return new CommandFailed('internal', text);
}
