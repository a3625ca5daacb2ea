import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GettingStartedSchema, WorkspaceParamsSchema } from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { GettingStartedService } from './getting-started.service.js';

export function registerGettingStartedRoutes(
  app: FastifyInstance,
  gettingStarted: GettingStartedService,
): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/groups/:g/getting-started/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags: ['workspaces'],
      summary:
        'Which first steps the workspace has taken: a printer added and connected, a file uploaded, someone invited (VIEW_GROUP)',
      params: WorkspaceParamsSchema,
      response: { 200: GettingStartedSchema },
    },
    handler: (request) =>
      gettingStarted.getGettingStarted(getAuth(request).userId, request.params.g),
  });
}
