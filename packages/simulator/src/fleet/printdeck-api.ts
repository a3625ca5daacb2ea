/** The few Printdeck API calls the fleet makes, as a signed-in user would. */
import { trimTrailingSlashes } from '@printdeck/shared';

export class PrintdeckApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PrintdeckApiError';
  }
}

async function call(
  server: string,
  path: string,
  init: { token?: string; body?: unknown },
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${trimTrailingSlashes(server)}${path}`, {
    method: 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // not JSON: the status says enough
  }
  if (!response.ok) {
    const reason = typeof body.message === 'string' ? body.message : text.slice(0, 200);
    throw new PrintdeckApiError(
      response.status,
      `POST ${path} answered ${response.status}: ${reason}`,
    );
  }
  return body;
}

/** `POST /api/tokens/`: the access token of a user. */
export async function signIn(server: string, email: string, password: string): Promise<string> {
  const body = await call(server, '/api/tokens/', { body: { username: email, password } });
  if (typeof body.access !== 'string') throw new Error('the sign-in answer had no access token');
  return body.access;
}

/** `POST /api/device_keys/`: a new device key, shown once. */
export async function createDeviceKey(server: string, access: string): Promise<string> {
  const body = await call(server, '/api/device_keys/', { token: access });
  if (typeof body.token !== 'string') throw new Error('the device-key answer had no token');
  return body.token;
}

/** `POST /api/printers/`: adds the device behind `token` to a workspace as a printer. */
export async function addPrinter(
  server: string,
  access: string,
  printer: { group: number; name: string; token: string },
): Promise<number> {
  const body = await call(server, '/api/printers/', { token: access, body: printer });
  if (typeof body.id !== 'number') throw new Error('the printer answer had no id');
  return body.id;
}
