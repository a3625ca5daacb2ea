import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/errors.js';
import { sameSecret } from '../octoprint/auth.js';

const ONESHOT_MS = 5000;
const MAX_TOKENS = 100;

/**
 * Moonraker's `[authorization]`: without an API key every client is trusted; with one, HTTP
 * needs `X-Api-Key` (or a oneshot `?token=`), and a websocket authenticates at upgrade or
 * through `server.connection.identify` (reference B.1).
 */
export class MoonrakerAuth {
  readonly #tokens = new Map<string, number>();

  constructor(readonly apiKey: string | null) {}

  get isRequired(): boolean {
    return this.apiKey !== null;
  }

  isRequestAuthorized(req: IncomingMessage, url: URL): boolean {
    if (this.apiKey === null) return true;
    const key = req.headers['x-api-key'];
    if (typeof key === 'string' && sameSecret(key, this.apiKey)) return true;
    const token = url.searchParams.get('token');
    return token !== null && this.#useToken(token);
  }

  requireHttp(req: IncomingMessage, url: URL): void {
    if (!this.isRequestAuthorized(req, url)) throw new HttpError(401, 'Unauthorized');
  }

  /** A token good for one connection within five seconds. */
  createOneshotToken(): string {
    const now = Date.now();
    for (const [token, expires] of this.#tokens) if (expires < now) this.#tokens.delete(token);
    if (this.#tokens.size >= MAX_TOKENS) {
      this.#tokens.delete(this.#tokens.keys().next().value as string);
    }
    const token = randomBytes(16).toString('base64url');
    this.#tokens.set(token, now + ONESHOT_MS);
    return token;
  }

  #useToken(token: string): boolean {
    const expires = this.#tokens.get(token);
    if (expires === undefined) return false;
    this.#tokens.delete(token);
    return expires >= Date.now();
  }
}
