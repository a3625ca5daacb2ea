import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService, AuthenticatedUser } from '../modules/auth/auth.service.js';
import { assertApiKeyMayCall } from '../modules/api-keys/api-key-policy.js';
import {
  isApiKeyFormat,
  type ApiKeyAuth,
  type ApiKeysService,
} from '../modules/api-keys/api-keys.service.js';
import { forbidden, notAuthenticated, notFound } from './app-error.js';

export type SessionAuth = AuthenticatedUser & { via: 'session' };
/** Who makes a request: a signed-in session, or an API key acting for its owner. */
export type RequestAuth = SessionAuth | ApiKeyAuth;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes are private unless they say so (deny by default, checklist C17). */
    isPublic?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{10,2048})$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * Every /api route needs a live access token or API key unless its config says isPublic. An
 * API key passes only where its scope covers the route (api-key-policy.ts, checklist C15).
 */
export function registerAuthentication(
  app: FastifyInstance,
  authService: AuthService,
  apiKeys: ApiKeysService,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.isPublic) return;
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
    const token = readBearer(request);
    if (token && isApiKeyFormat(token)) {
      const key = await apiKeys.authenticateApiKey(token, request.ip);
      if (!key) throw notAuthenticated();
      assertApiKeyMayCall(request, key.scope);
      if (key.workspaceId !== null) {
        // a key limited to one workspace: any other workspace's object is not found
        const target = await apiKeys.findRequestWorkspace(
          request.routeOptions.url,
          (request.params ?? {}) as Record<string, string>,
        );
        if (target !== key.workspaceId) throw notFound();
      }
      request.auth = key;
      return;
    }
    const user = token ? await authService.authenticateAccessToken(token) : null;
    if (!user) throw notAuthenticated();
    request.auth = { ...user, via: 'session' };
  });
}

/** The caller of a private route. */
export function getAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
}

/** The caller of a route that only a signed-in session may use (never an API key). */
export function getSessionAuth(request: FastifyRequest): SessionAuth {
  const auth = getAuth(request);
  if (auth.via !== 'session') throw forbidden();
  return auth;
}

/**
 * Whether the credential a long request came with still holds (an open stream asks again):
 * false once the session ended (signed out, expired) or the API key was revoked.
 */
export function createCredentialCheck(authService: AuthService, apiKeys: ApiKeysService) {
  return async (request: FastifyRequest): Promise<boolean> => {
    const token = readBearer(request);
    if (!token) return false;
    if (isApiKeyFormat(token))
      return (await apiKeys.authenticateApiKey(token, request.ip)) !== null;
    return (await authService.authenticateAccessToken(token)) !== null;
  };
}
