import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TelegramLinkCodeSchema,
  TelegramRegisterSchema,
  TelegramStatusSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { TelegramLinksService } from './telegram-links.service.js';

export function registerTelegramRoutes(app: FastifyInstance, telegram: TelegramLinksService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.get('/api/telegram/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'The bot to link with (null when none is configured) and my Telegram link',
      response: { 200: TelegramStatusSchema },
    },
    handler: (request) => telegram.getStatus(getAuth(request).userId),
  });

  r.post('/api/telegram/register/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: "Link my Telegram account with the Login Widget's signed data",
      body: TelegramRegisterSchema,
      response: { 200: TelegramStatusSchema },
    },
    handler: (request) =>
      telegram.registerWidgetLogin(getAuth(request).userId, request.body.telegram_data),
  });

  r.delete('/api/telegram/register/', {
    config: { permission: 'account' },
    schema: { tags, summary: 'Unlink my Telegram account', response: { 204: z.null() } },
    handler: async (request, reply) => {
      await telegram.unlink(getAuth(request).userId);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/telegram/link-code/', {
    config: { permission: 'account', answerHoldsSecret: true },
    schema: {
      tags,
      summary: "A one-time deep link (t.me/<bot>?start=<code>) that links the chat it's opened in",
      response: { 201: TelegramLinkCodeSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await telegram.createLinkCode(getAuth(request).userId)),
  });
}
