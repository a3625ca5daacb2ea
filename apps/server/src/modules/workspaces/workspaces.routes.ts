import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamSchema,
  WorkspaceCreateSchema,
  WorkspaceListSchema,
  WorkspaceSchema,
  WorkspaceUpdateSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { WorkspacesService } from './workspaces.service.js';

export function registerWorkspacesRoutes(
  app: FastifyInstance,
  workspaces: WorkspacesService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workspaces'];

  r.get('/api/users/me/groups/', {
    schema: {
      tags,
      summary: "The signed-in user's workspaces",
      response: { 200: WorkspaceListSchema },
    },
    handler: (request) => workspaces.listWorkspaces(getAuth(request).userId),
  });

  r.post('/api/users/me/groups/', {
    schema: {
      tags,
      summary: 'Create a workspace',
      body: WorkspaceCreateSchema,
      response: { 201: WorkspaceSchema },
    },
    handler: async (request, reply) => {
      const { userId } = getAuth(request);
      const id = await workspaces.createWorkspace(userId, request.body);
      return reply.status(201).send(await workspaces.getWorkspaceOrThrow(userId, id));
    },
  });

  r.patch('/api/users/me/groups/:id/', {
    schema: {
      tags,
      summary: 'Change a workspace (CHANGE_GROUP)',
      params: z.strictObject({ id: IdParamSchema }),
      body: WorkspaceUpdateSchema,
      response: { 200: WorkspaceSchema },
    },
    handler: (request) =>
      workspaces.updateWorkspace(getAuth(request).userId, request.params.id, request.body),
  });
}
