import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminNewsCreateSchema,
  AdminNewsSchema,
  AdminNewsUpdateSchema,
  IdParamSchema,
  NewsListQuerySchema,
  NewsListSchema,
  NewsReadResultSchema,
  NewsReadSchema,
} from '@printdeck/shared';
import { getAuth, getSessionAuth } from '../../http/authentication.js';
import type { NewsService } from './news.service.js';

export function registerNewsRoutes(app: FastifyInstance, news: NewsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['news'];
  const adminTags = ['news (system administrators)'];
  const idParams = z.strictObject({ id: IdParamSchema });

  r.get('/api/users/me/news/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Published news, newest first, in EN or CS, with my unread count',
      querystring: NewsListQuerySchema,
      response: { 200: NewsListSchema },
    },
    handler: (request) => news.listNews(getAuth(request).userId, request.query.lang),
  });

  r.post('/api/users/me/news/:newsId/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Mark a news item read or unread',
      params: z.strictObject({ newsId: IdParamSchema }),
      body: NewsReadSchema,
      response: { 200: NewsReadResultSchema },
    },
    handler: (request) =>
      news.setRead(getAuth(request).userId, request.params.newsId, request.body.is_read),
  });

  r.get('/api/admin/news/', {
    config: { permission: 'system-admin' },
    schema: {
      tags: adminTags,
      summary: 'Every news item, published or not (system administrators)',
      response: { 200: z.array(AdminNewsSchema) },
    },
    handler: (request) => news.listAllNews(getSessionAuth(request).isAdmin),
  });

  r.post('/api/admin/news/', {
    config: { permission: 'system-admin' },
    schema: {
      tags: adminTags,
      summary: 'Write a news item in markdown, English and Czech (system administrators)',
      body: AdminNewsCreateSchema,
      response: { 201: AdminNewsSchema },
    },
    handler: async (request, reply) => {
      const { userId, isAdmin } = getSessionAuth(request);
      return reply.status(201).send(await news.createNews(userId, isAdmin, request.body));
    },
  });

  r.patch('/api/admin/news/:id/', {
    config: { permission: 'system-admin' },
    schema: {
      tags: adminTags,
      summary: 'Change a news item (system administrators)',
      params: idParams,
      body: AdminNewsUpdateSchema,
      response: { 200: AdminNewsSchema },
    },
    handler: (request) =>
      news.updateNews(getSessionAuth(request).isAdmin, request.params.id, request.body),
  });

  r.delete('/api/admin/news/:id/', {
    config: { permission: 'system-admin' },
    schema: {
      tags: adminTags,
      summary: 'Delete a news item (system administrators)',
      params: idParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await news.deleteNews(getSessionAuth(request).isAdmin, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
