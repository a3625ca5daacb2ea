import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamSchema,
  WebhookCreateSchema,
  WebhookCreatedSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookRotateSecretSchema,
  WebhookSchema,
  WebhookUpdateSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { WebhooksService } from './webhooks.service.js';

export function registerWebhooksRoutes(app: FastifyInstance, webhooks: WebhooksService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const groupParams = z.strictObject({ g: IdParamSchema });
  const params = z.strictObject({ g: IdParamSchema, id: IdParamSchema });
  const config = { permission: 'CHANGE_GROUP' as const };

  r.get('/api/groups/:g/webhooks/', {
    config,
    schema: {
      tags,
      summary: "The workspace's webhooks",
      params: groupParams,
      response: { 200: WebhookListSchema },
    },
    handler: async (request) => ({
      results: await webhooks.list(getAuth(request).userId, request.params.g),
    }),
  });

  r.post('/api/groups/:g/webhooks/', {
    config,
    schema: {
      tags,
      summary: 'Add a webhook; the answer carries its signing secret, shown only this once',
      params: groupParams,
      body: WebhookCreateSchema,
      response: { 201: WebhookCreatedSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await webhooks.create(getAuth(request).userId, request.params.g, request.body)),
  });

  r.patch('/api/groups/:g/webhooks/:id/', {
    config,
    schema: {
      tags,
      summary: "Change a webhook's address, events or whether it is on",
      params,
      body: WebhookUpdateSchema,
      response: { 200: WebhookSchema },
    },
    handler: (request) =>
      webhooks.update(getAuth(request).userId, request.params.g, request.params.id, request.body),
  });

  r.delete('/api/groups/:g/webhooks/:id/', {
    config,
    schema: { tags, summary: 'Remove a webhook and its delivery log', params },
    handler: async (request, reply) => {
      await webhooks.remove(getAuth(request).userId, request.params.g, request.params.id);
      return reply.status(204).send();
    },
  });

  r.post('/api/groups/:g/webhooks/:id/test/', {
    config,
    schema: {
      tags,
      summary: 'Send a webhook.test event to this webhook; its delivery shows in the log',
      params,
      response: { 202: WebhookDeliverySchema },
    },
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(
          await webhooks.sendTest(getAuth(request).userId, request.params.g, request.params.id),
        ),
  });

  r.post('/api/groups/:g/webhooks/:id/rotate-secret/', {
    config,
    schema: {
      tags,
      summary:
        'A new signing secret, shown only this once; the old one still signs for the grace period',
      params,
      body: WebhookRotateSecretSchema.optional(),
      response: { 200: WebhookCreatedSchema },
    },
    handler: (request) =>
      webhooks.rotateSecret(
        getAuth(request).userId,
        request.params.g,
        request.params.id,
        request.body ?? {},
      ),
  });

  r.get('/api/groups/:g/webhooks/:id/deliveries/', {
    config,
    schema: {
      tags,
      summary: "The webhook's last 50 deliveries, newest first, with the target's answers",
      params,
      response: { 200: WebhookDeliveryListSchema },
    },
    handler: async (request) => ({
      results: await webhooks.listDeliveries(
        getAuth(request).userId,
        request.params.g,
        request.params.id,
      ),
    }),
  });
}
