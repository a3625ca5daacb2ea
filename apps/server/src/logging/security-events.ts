import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a security event is called when its request succeeded, and when it was refused. */
interface EventNames {
  ok?: string;
  refused?: string;
}

/**
 * The requests that are security events (issue 23; checklist C43 / ASVS 5.0 16.3): sign-in and
 * its failures, second-factor and password changes, API and device keys made and revoked, role
 * changes and removals. Keyed by method and route pattern, so a new route is not an event
 * until it is listed here.
 */
export const SECURITY_EVENTS: Record<string, EventNames> = {
  'POST /api/tokens/': { ok: 'sign_in', refused: 'sign_in_failed' },
  'POST /api/tokens/refresh/': { refused: 'refresh_refused' },
  'DELETE /api/tokens/mine/': { ok: 'sign_out' },
  'POST /api/users/me/reauth/': { ok: 'reauthenticated', refused: 'reauthentication_failed' },
  'POST /api/users/me/password/': { ok: 'password_changed', refused: 'password_change_refused' },
  'POST /api/users/password-reset/request/': { ok: 'password_reset_requested' },
  'POST /api/users/password-reset/confirm/': {
    ok: 'password_reset',
    refused: 'password_reset_refused',
  },
  'POST /api/users/me/two-factor/setup/': { ok: 'two_factor_setup', refused: 'two_factor_refused' },
  'POST /api/users/me/two-factor/enable/': {
    ok: 'two_factor_enabled',
    refused: 'two_factor_refused',
  },
  'DELETE /api/users/me/two-factor/': { ok: 'two_factor_disabled', refused: 'two_factor_refused' },
  'POST /api/users/me/api_keys/': { ok: 'api_key_created', refused: 'api_key_refused' },
  'DELETE /api/users/me/api_keys/:id/': { ok: 'api_key_revoked' },
  'POST /api/device_keys/': { ok: 'device_key_created', refused: 'device_key_refused' },
  'DELETE /api/groups/:g/device_keys/:id/': { ok: 'device_key_revoked' },
  'POST /api/groups/:g/device_keys/:id/rotate/': { ok: 'device_key_rotated' },
  'POST /api/groups/:g/device_keys/:id/re-pair/': { ok: 'device_key_unpaired' },
  'PATCH /api/groups/:g/users/:userId/': { ok: 'member_changed' },
  'DELETE /api/groups/:g/users/:userId/': { ok: 'member_removed' },
  'DELETE /api/users/me/sessions/:id/': { ok: 'session_ended' },
  'DELETE /api/users/me/sessions/others/': { ok: 'other_sessions_ended' },
};

/** Route parameters that name what was acted on; ids only, never a value a user typed. */
const TARGET_PARAMS = ['g', 'id', 'userId'] as const;

/** The account a refused sign-in named: the typed user name, cut short; never the password. */
function attemptedUsername(request: FastifyRequest): string | undefined {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.slice(0, 254) : undefined;
}

function targetOf(request: FastifyRequest): Record<string, string> | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  if (!params) return undefined;
  const target: Record<string, string> = {};
  for (const name of TARGET_PARAMS) {
    const value = params[name];
    // numbers once the route's schema coerced them; a string cut short otherwise
    if (typeof value === 'number' || typeof value === 'string') {
      target[name] = String(value).slice(0, 40);
    }
  }
  return Object.keys(target).length ? target : undefined;
}

/**
 * One log line per security event, with the account, the client address (from the trusted hop
 * only) and the route: `security_event` names it. Besides the listed routes, every 403 is a
 * `permission_denied` and every refused credential (401 with one presented) an
 * `authentication_failed`. Bodies are never logged; the attempted user name of a sign-in is
 * the only field read from one.
 */
export function registerSecurityEvents(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/')) return;
    const status = reply.statusCode;
    const names = SECURITY_EVENTS[`${request.method} ${route}`];
    const isOk = status < 400;
    let event = names ? (isOk ? names.ok : names.refused) : undefined;
    if (!event && status === 403) event = 'permission_denied';
    if (!event && status === 401 && request.headers.authorization) event = 'authentication_failed';
    if (!event || (!isOk && status >= 500)) return;
    const fields = {
      security_event: event,
      outcome: isOk ? 'ok' : 'refused',
      user_id: request.auth?.userId,
      api_key_id: request.auth?.via === 'api_key' ? request.auth.apiKeyId : undefined,
      username: route === '/api/tokens/' ? attemptedUsername(request) : undefined,
      ip: request.ip,
      method: request.method,
      route,
      target: targetOf(request),
      status,
    };
    if (isOk) request.log.info(fields, `security event: ${event}`);
    else request.log.warn(fields, `security event: ${event}`);
  });
}
