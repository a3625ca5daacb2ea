import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/errors.js';
import type { OctoPrintContext } from './context.js';

/** What the simulated user may do: everything, as the admin whose key the agent holds. */
export const PERMISSIONS = [
  'ADMIN',
  'STATUS',
  'CONNECTION',
  'CONTROL',
  'FILES_LIST',
  'FILES_UPLOAD',
  'FILES_DOWNLOAD',
  'FILES_SELECT',
  'FILES_DELETE',
  'PRINT',
  'WEBCAM',
  'SYSTEM',
  'SETTINGS_READ',
  'PLUGIN_PSUCONTROL_CONTROL',
];

/** Werkzeug's text for 403, which OctoPrint answers for an anonymous request (A.1). */
export const FORBIDDEN =
  "You don't have the permission to access the requested resource. It is either read-protected or not readable by the server.";

/** The key from `X-Api-Key`, `Authorization: Bearer` or `?apikey=`, in that order. */
export function requestKey(req: IncomingMessage, url: URL): string | null {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const bearer = /^Bearer\s(.+)$/i.exec(req.headers.authorization ?? '');
  if (bearer) return (bearer[1] as string).trim();
  return url.searchParams.get('apikey');
}

export function isAuthorized(ctx: OctoPrintContext, req: IncomingMessage, url: URL): boolean {
  const key = requestKey(req, url);
  return key !== null && sameSecret(key, ctx.settings.apiKey);
}

/** OctoPrint's answer to a state-changing request that carries neither a valid key nor a CSRF token. */
export const CSRF_FAILED = 'CSRF validation failed';

/**
 * A missing or wrong key is an anonymous request. A GET is then refused 403 (anonymous may do
 * nothing, reference A.1); any other method fails the CSRF check first, which only an
 * API-key login bypasses: 400 "CSRF validation failed" (src/octoprint/server/util/csrf.py,
 * `validate_csrf_request`).
 */
export function requireKey(ctx: OctoPrintContext, req: IncomingMessage, url: URL): void {
  if (isAuthorized(ctx, req, url)) return;
  if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? 'GET')) {
    throw new HttpError(400, CSRF_FAILED);
  }
  throw new HttpError(403, FORBIDDEN);
}

/**
 * A key whose user lacks `permission` (a read-only user's key): 403 with Werkzeug's text, as
 * OctoPrint's `Permissions.X.require(403)` answers (src/octoprint/server/api/job.py
 * `controlJob`, api/files.py `uploadGcodeFile`).
 */
export function requirePermission(ctx: OctoPrintContext, permission: string): void {
  const granted = ctx.settings.permissions;
  if (granted !== null && !granted.includes(permission)) throw new HttpError(403, FORBIDDEN);
}

/**
 * The permissions of OctoPrint 1.11's "Read-only Access" group (src/octoprint/access/groups.py
 * `READONLY_GROUP`, permissions.py `default_groups`): it sees state, files and the webcam.
 */
export const READ_ONLY_PERMISSIONS = [
  'STATUS',
  'FILES_LIST',
  'FILES_DOWNLOAD',
  'TIMELAPSE_LIST',
  'WEBCAM',
];

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The passive login's answer for the key's user, as OctoPrint 1.11.8 gives it: the whole user
 * record with the session and how it logged in (src/octoprint/server/api/__init__.py `login`,
 * access/users.py `User.as_dict`).
 */
export function userPayload(ctx: OctoPrintContext, session?: string): Record<string, unknown> {
  const isAdmin = ctx.settings.permissions === null;
  const groups = isAdmin ? ['admins', 'users'] : ['readonly'];
  const roles = isAdmin ? ['user', 'admin'] : ['user'];
  return {
    _is_external_client: false,
    _login_mechanism: 'apikey',
    name: ctx.settings.userName,
    active: true,
    admin: isAdmin,
    user: true,
    apikey: null,
    permissions: ctx.settings.permissions ?? PERMISSIONS,
    groups,
    roles,
    needs: { group: groups, role: roles },
    settings: {},
    ...(session ? { session } : {}),
  };
}

/** `/api/currentuser`: the name, permissions and groups only (server/api/users.py `getCurrentUser`). */
export function currentUserPayload(ctx: OctoPrintContext): Record<string, unknown> {
  const { name, permissions, groups } = userPayload(ctx);
  return { name, permissions, groups };
}

/** What `/api/currentuser` and a passive login answer for an anonymous request. */
export const ANONYMOUS_USER = { name: null, permissions: [], groups: ['guests'] };

/** Login sessions for the push socket's `auth` message; the oldest go first beyond the cap. */
export class SessionStore {
  static readonly MAX_SESSIONS = 64;
  #sessions: string[] = [];

  create(): string {
    const session = randomBytes(16).toString('hex');
    this.#sessions.push(session);
    if (this.#sessions.length > SessionStore.MAX_SESSIONS) this.#sessions.shift();
    return session;
  }

  isValid(session: string): boolean {
    return this.#sessions.some((known) => sameSecret(session, known));
  }
}
