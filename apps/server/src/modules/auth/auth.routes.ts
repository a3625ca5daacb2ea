import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TokenCreateSchema, TokenPairSchema, TokenRefreshSchema } from '@printdeck/shared';
import { getSessionAuth } from '../../http/authentication.js';
import { getClientInfo } from '../../http/client-info.js';
import type { AuthService } from './auth.service.js';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];

  r.post('/api/tokens/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Sign in',
      body: TokenCreateSchema,
      response: { 200: TokenPairSchema },
    },
    handler: (request) => auth.login(request.body, getClientInfo(request)),
  });

  r.post('/api/tokens/refresh/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Rotate the refresh token',
      body: TokenRefreshSchema,
      response: { 200: TokenPairSchema },
    },
    handler: (request) => auth.refresh(request.body.refresh, getClientInfo(request)),
  });

  r.delete('/api/tokens/mine/', {
    schema: { tags, summary: 'Sign out this session', response: { 204: z.null() } },
    handler: async (request, reply) => {
      await auth.logout(getSessionAuth(request).sessionId);
      return reply.status(204).send(null);
    },
  });
}
