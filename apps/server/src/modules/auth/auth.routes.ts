import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SessionParamsSchema,
  SessionSchema,
  TokenCreateSchema,
  TokenPairSchema,
  TokenRefreshSchema,
} from '@printdeck/shared';
import { fieldError, tokenNotValid } from '../../http/app-error.js';
import { getSessionAuth } from '../../http/authentication.js';
import { getClientInfo } from '../../http/client-info.js';
import type { AuthService } from './auth.service.js';
import {
  clearRefreshCookie,
  readRefreshCookie,
  sendTokenPair,
  wantsRefreshCookie,
} from './refresh-cookie.js';
import type { SessionsService } from './sessions.service.js';

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; sessions: SessionsService; isSecure: boolean },
): void {
  const { auth, sessions, isSecure } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];

  r.post('/api/tokens/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Sign in (a browser sending X-Refresh-Cookie: 1 gets the refresh token as a cookie)',
      body: TokenCreateSchema,
      response: { 200: TokenPairSchema },
      errors: [401, 429],
    },
    handler: async (request, reply) =>
      sendTokenPair(
        request,
        reply,
        await auth.login(request.body, getClientInfo(request)),
        isSecure,
      ),
  });

  r.post('/api/tokens/refresh/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Rotate the refresh token (from the body, or the cookie with X-Refresh-Cookie: 1)',
      body: TokenRefreshSchema,
      response: { 200: TokenPairSchema },
      errors: [401, 429],
    },
    handler: async (request, reply) => {
      const refresh = request.body.refresh ?? readRefreshCookie(request);
      if (!refresh) {
        // an API client forgot the field; a browser whose cookie is gone has no session
        if (!wantsRefreshCookie(request)) throw fieldError('refresh', 'Required.');
        throw tokenNotValid();
      }
      return sendTokenPair(
        request,
        reply,
        await auth.refresh(refresh, getClientInfo(request)),
        isSecure,
      );
    },
  });

  r.delete('/api/tokens/mine/', {
    config: { permission: 'account' },
    schema: { tags, summary: 'Sign out this session', response: { 204: z.null() } },
    handler: async (request, reply) => {
      await auth.logout(getSessionAuth(request).sessionId);
      clearRefreshCookie(reply, isSecure);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/users/me/sessions/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'The signed-in user’s live sessions: browser, address, last used',
      response: { 200: z.array(SessionSchema) },
    },
    handler: (request) => {
      const { userId, sessionId } = getSessionAuth(request);
      return sessions.listSessions(userId, sessionId);
    },
  });

  r.delete('/api/users/me/sessions/others/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Sign out every other session of the signed-in user',
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      const { userId, sessionId } = getSessionAuth(request);
      await sessions.endOtherSessions(userId, sessionId);
      return reply.status(204).send(null);
    },
  });

  r.delete('/api/users/me/sessions/:id/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Sign out one session of the signed-in user',
      params: SessionParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await sessions.endSession(getSessionAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
