import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService, AuthenticatedUser } from '../modules/auth/auth.service.js';
import { notAuthenticated } from './app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes are private unless they say so (deny by default, checklist C17). */
    isPublic?: boolean;
  }
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
  }
}

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{10,2048})$/.exec(header);
  return match?.[1] ?? null;
}

/** Every /api route needs a live access token unless its config says isPublic. */
export function registerAuthentication(app: FastifyInstance, authService: AuthService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.isPublic) return;
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
    const token = readBearer(request);
    const user = token ? await authService.authenticateAccessToken(token) : null;
    if (!user) throw notAuthenticated();
    request.auth = user;
  });
}

/** The signed-in user of a private route. */
export function getAuth(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
}
