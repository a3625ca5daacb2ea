import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FirstRunCreateSchema, FirstRunStatusSchema, TokenPairSchema } from '@printdeck/shared';
import { getClientInfo } from '../../http/client-info.js';
import { sendTokenPair } from '../auth/refresh-cookie.js';
import type { FirstRunService } from './first-run.service.js';

export function registerFirstRunRoutes(
  app: FastifyInstance,
  deps: { firstRun: FirstRunService; isSecure: boolean },
): void {
  const { firstRun, isSecure } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];

  r.get('/api/first-run/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Whether the empty server still waits for its first account',
      response: { 200: FirstRunStatusSchema },
    },
    handler: () => firstRun.getStatus(),
  });

  r.post('/api/first-run/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary:
        'Create the first account (a system administrator) with its workspace and sign it in; once only, then 403',
      body: FirstRunCreateSchema,
      response: { 201: TokenPairSchema },
      errors: [403, 409, 429],
    },
    handler: async (request, reply) => {
      const pair = await firstRun.completeFirstRun(request.body, getClientInfo(request));
      return reply.status(201).send(sendTokenPair(request, reply, pair, isSecure));
    },
  });
}
