import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiKeyCreateSchema,
  ApiKeyCreatedSchema,
  ApiKeySchema,
  IdParamSchema,
} from '@printdeck/shared';
import { getAuth, getSessionAuth } from '../../http/authentication.js';
import type { TwoFactorService } from '../account/two-factor.service.js';
import type { ApiKeysService } from './api-keys.service.js';

export function registerApiKeysRoutes(
  app: FastifyInstance,
  apiKeys: ApiKeysService,
  reauth: Pick<TwoFactorService, 'requireRecentReauth'>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api keys'];

  r.get('/api/users/me/api_keys/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: "The signed-in user's API keys, newest first (never the keys themselves)",
      response: { 200: z.array(ApiKeySchema) },
    },
    handler: (request) => apiKeys.listApiKeys(getAuth(request).userId),
  });

  r.post('/api/users/me/api_keys/', {
    config: { permission: 'account', answerHoldsSecret: true },
    schema: {
      tags,
      summary:
        'Create an API key (after re-authentication); the answer is the only time the key is shown',
      body: ApiKeyCreateSchema,
      response: { 201: ApiKeyCreatedSchema },
    },
    handler: async (request, reply) => {
      const { userId, sessionId } = getSessionAuth(request);
      await reauth.requireRecentReauth(sessionId);
      return reply.status(201).send(await apiKeys.createApiKey(userId, request.body));
    },
  });

  r.delete('/api/users/me/api_keys/:id/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Delete an API key: it stops working at once',
      params: z.strictObject({ id: IdParamSchema }),
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await apiKeys.deleteApiKey(getAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
