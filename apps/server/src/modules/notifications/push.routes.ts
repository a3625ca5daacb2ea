import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PushConfigSchema,
  PushSubscriptionCreateSchema,
  PushSubscriptionDeleteSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { PushSubscriptionsService } from './push-subscriptions.service.js';

export function registerPushRoutes(app: FastifyInstance, push: PushSubscriptionsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get('/api/push/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: "The server's VAPID public key, for the browser's push subscription",
      response: { 200: PushConfigSchema },
    },
    handler: () => push.getConfig(),
  });

  r.post('/api/push/subscriptions/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Opt this browser in to print notifications (its PushSubscription as JSON)',
      body: PushSubscriptionCreateSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await push.subscribe(getAuth(request).userId, request.body);
      return reply.status(204).send(null);
    },
  });

  r.delete('/api/push/subscriptions/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Opt this browser out',
      body: PushSubscriptionDeleteSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await push.unsubscribe(getAuth(request).userId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  });
}
