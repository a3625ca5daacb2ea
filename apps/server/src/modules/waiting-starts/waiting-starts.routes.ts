import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamSchema, WaitingStartSchema } from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { WaitingStarts } from './waiting-starts.service.js';

/** Starts held by the staggered-start rule (issue 26): listed for the cards, cancellable. */
export function registerWaitingStartsRoutes(app: FastifyInstance, starts: WaitingStarts): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['printing'];

  r.get('/api/groups/:g/waiting-starts/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary:
        'Starts waiting for the staggered-start rule, and those that failed in the last hour',
      params: z.strictObject({ g: IdParamSchema }),
      response: { 200: z.array(WaitingStartSchema) },
    },
    handler: (request) => starts.list(getAuth(request).userId, request.params.g),
  });

  r.delete('/api/groups/:g/waiting-starts/:id/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Cancel a waiting start before it is sent (OPERATE_PRINTERS on its printer)',
      params: z.strictObject({ g: IdParamSchema, id: IdParamSchema }),
      response: { 204: z.null() },
      errors: [404, 409],
    },
    handler: async (request, reply) => {
      await starts.cancel(getAuth(request).userId, request.params.g, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
