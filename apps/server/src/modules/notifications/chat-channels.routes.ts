import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatChannelCreateSchema,
  ChatChannelListSchema,
  ChatChannelSchema,
  ChatChannelTestResultSchema,
  ChatChannelUpdateSchema,
  IdParamSchema,
  NotificationPreferencesSchema,
  NotificationPreferencesUpdateSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { ChatChannelsService } from './chat-channels.service.js';

export function registerChatChannelsRoutes(
  app: FastifyInstance,
  channels: ChatChannelsService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const params = z.strictObject({ id: IdParamSchema });
  const config = { permission: 'account' as const };

  r.get('/api/notifications/channels/', {
    config,
    schema: {
      tags,
      summary: 'My ntfy, Discord and Slack channels',
      response: { 200: ChatChannelListSchema },
    },
    handler: async (request) => ({ results: await channels.list(getAuth(request).userId) }),
  });

  r.post('/api/notifications/channels/', {
    config,
    schema: {
      tags,
      summary: 'Add an ntfy, Discord or Slack channel (public addresses only)',
      body: ChatChannelCreateSchema,
      response: { 201: ChatChannelSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await channels.create(getAuth(request).userId, request.body)),
  });

  r.patch('/api/notifications/channels/:id/', {
    config,
    schema: {
      tags,
      summary: 'Change one of my channels; omitted fields stay as they are',
      params,
      body: ChatChannelUpdateSchema,
      response: { 200: ChatChannelSchema },
    },
    handler: (request) => channels.update(getAuth(request).userId, request.params.id, request.body),
  });

  r.delete('/api/notifications/channels/:id/', {
    config,
    schema: { tags, summary: 'Remove one of my channels', params },
    handler: async (request, reply) => {
      await channels.remove(getAuth(request).userId, request.params.id);
      return reply.status(204).send();
    },
  });

  r.post('/api/notifications/channels/:id/test/', {
    config,
    schema: {
      tags,
      summary: 'Send a test message to this channel now and say whether the service took it',
      params,
      response: { 200: ChatChannelTestResultSchema },
    },
    handler: (request) => channels.sendTest(getAuth(request).userId, request.params.id),
  });

  r.get('/api/notifications/preferences/', {
    config,
    schema: {
      tags,
      summary: 'My quiet hours and daily digest',
      response: { 200: NotificationPreferencesSchema },
    },
    handler: (request) => channels.getPreferences(getAuth(request).userId),
  });

  r.patch('/api/notifications/preferences/', {
    config,
    schema: {
      tags,
      summary: 'Change my quiet hours and daily digest; omitted fields stay as they are',
      body: NotificationPreferencesUpdateSchema,
      response: { 200: NotificationPreferencesSchema },
    },
    handler: (request) => channels.updatePreferences(getAuth(request).userId, request.body),
  });
}
