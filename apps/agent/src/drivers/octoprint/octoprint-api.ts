import { CommandFailed } from '../driver.js';
import { HostHttpError, readJsonBody, requestHost, type HostRequest } from '../host-http.js';
import { OCTOPRINT } from './octoprint-state.js';

export interface OctoPrintApiOptions {
  url: string;
  apiKey: string;
  /** longest wait for one answer */
  timeoutMs: number;
  /** told on every 403: OctoPrint refuses the key (reference A.1: never 401) */
  onForbidden?: () => void;
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
        },
        { timeoutMs: this.options.timeoutMs, ...call },
      );
    } catch (error) {
      if (error instanceof HostHttpError && error.status === 403) this.options.onForbidden?.();
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
 * OctoPrint's refusals as command errors: 409 means the printer is not in a state for it
 * (C.3.1), 403 a refused key, 400/404/415 a command OctoPrint does not take.
 */
export function octoprintFailure(error: unknown): unknown {
  if (!(error instanceof HostHttpError)) return error;
  const text = `OctoPrint: ${error.message}`;
  if (error.status === 409) return new CommandFailed('not-operational', text);
  if (error.status === 403) return new CommandFailed('permission-denied', text);
  if (error.status >= 400 && error.status < 500) return new CommandFailed('invalid-command', text);
  return new CommandFailed('internal', text);
}
