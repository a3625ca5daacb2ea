import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HomeAssistantStatusSchema, IdParamSchema } from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { HomeAssistantStatusReader } from './home-assistant-status.js';

/** The Home Assistant (MQTT) bridge as a workspace's settings show it (issue 28). */
export function registerHomeAssistantRoutes(
  app: FastifyInstance,
  deps: {
    status: HomeAssistantStatusReader;
    /** a workspace the user is not a member of is 404, as every workspace's object */
    requireWorkspacePermission(
      userId: number,
      workspaceId: number,
      permission: 'CHANGE_GROUP',
    ): Promise<unknown>;
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/groups/:g/home-assistant/', {
    config: { permission: 'CHANGE_GROUP' as const },
    schema: {
      tags: ['home-assistant'],
      summary:
        'The MQTT bridge for this workspace: connected or not, the broker, the last error, what was published',
      params: z.strictObject({ g: IdParamSchema }),
      response: { 200: HomeAssistantStatusSchema },
    },
    handler: async (request) => {
      await deps.requireWorkspacePermission(
        getAuth(request).userId,
        request.params.g,
        'CHANGE_GROUP',
      );
      return deps.status.read(request.params.g);
    },
  });
}
