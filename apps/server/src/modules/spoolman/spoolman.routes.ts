import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SpoolmanConnectSchema,
  SpoolmanStatusSchema,
  WorkspaceParamsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { SpoolmanService } from './spoolman.service.js';

export function registerSpoolmanRoutes(app: FastifyInstance, spoolman: SpoolmanService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['spools'];

  r.get('/api/groups/:g/spoolman/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "The workspace's Spoolman connection, or null for the built-in inventory",
      params: WorkspaceParamsSchema,
      response: { 200: SpoolmanStatusSchema },
    },
    handler: (request) => spoolman.getStatus(getAuth(request).userId, request.params.g),
  });

  r.put('/api/groups/:g/spoolman/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary:
        'Connect Spoolman (URL, optional token): saved only when it answers like Spoolman; its spools replace the built-in ones (CHANGE_GROUP)',
      params: WorkspaceParamsSchema,
      body: SpoolmanConnectSchema,
      response: { 200: SpoolmanStatusSchema },
    },
    handler: (request) => spoolman.connect(getAuth(request).userId, request.params.g, request.body),
  });

  r.delete('/api/groups/:g/spoolman/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: "Back to the built-in inventory; Spoolman's spools stay, archived (CHANGE_GROUP)",
      params: WorkspaceParamsSchema,
    },
    handler: async (request, reply) => {
      await spoolman.disconnect(getAuth(request).userId, request.params.g);
      return reply.status(204).send();
    },
  });

  r.post('/api/groups/:g/spoolman/sync/', {
    config: { permission: 'MANAGE_SPOOLS' },
    schema: {
      tags,
      summary: "Read Spoolman's spools now (MANAGE_SPOOLS)",
      params: WorkspaceParamsSchema,
      response: { 200: SpoolmanStatusSchema },
    },
    handler: (request) => spoolman.syncNow(getAuth(request).userId, request.params.g),
  });
}
