import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SpoolCreateSchema,
  SpoolListQuerySchema,
  SpoolPageSchema,
  SpoolParamsSchema,
  SpoolSchema,
  SpoolUpdateSchema,
  WorkspaceParamsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { SpoolsService } from './spools.service.js';

export function registerSpoolsRoutes(app: FastifyInstance, spools: SpoolsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['spools'];

  r.get('/api/groups/:g/spools/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "A page of the workspace's spools, newest first; search and filter (VIEW_GROUP)",
      params: WorkspaceParamsSchema,
      querystring: SpoolListQuerySchema,
      response: { 200: SpoolPageSchema },
    },
    handler: (request) =>
      spools.listSpools(getAuth(request).userId, request.params.g, request.query),
  });

  r.post('/api/groups/:g/spools/', {
    config: { permission: 'MANAGE_SPOOLS' },
    schema: {
      tags,
      summary: 'Add a spool, or `quantity` identical spools at once (MANAGE_SPOOLS)',
      params: WorkspaceParamsSchema,
      body: SpoolCreateSchema,
      response: { 201: z.array(SpoolSchema) },
    },
    handler: async (request, reply) => {
      const created = await spools.createSpools(
        getAuth(request).userId,
        request.params.g,
        request.body,
      );
      return reply.status(201).send(created);
    },
  });

  r.get('/api/groups/:g/spools/:id/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'One spool, with the printer tool it is loaded on (VIEW_GROUP)',
      params: SpoolParamsSchema,
      response: { 200: SpoolSchema },
    },
    handler: (request) =>
      spools.getSpool(getAuth(request).userId, request.params.g, request.params.id),
  });

  r.patch('/api/groups/:g/spools/:id/', {
    config: { permission: 'MANAGE_SPOOLS' },
    schema: {
      tags,
      summary: 'Edit or archive a spool; an archived spool is unloaded (MANAGE_SPOOLS)',
      params: SpoolParamsSchema,
      body: SpoolUpdateSchema,
      response: { 200: SpoolSchema },
    },
    handler: (request) =>
      spools.updateSpool(
        getAuth(request).userId,
        request.params.g,
        request.params.id,
        request.body,
      ),
  });
}
