import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WorkspaceParamsSchema,
  WorkspaceStatsQuerySchema,
  WorkspaceStatsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { StatsService } from './stats.service.js';

export function registerStatsRoutes(app: FastifyInstance, stats: StatsService): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/groups/:g/stats/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags: ['statistics'],
      summary:
        'Print-job statistics for UTC days date_from..date_to (YYYY-MM-DD, default the last year) (VIEW_GROUP)',
      params: WorkspaceParamsSchema,
      querystring: WorkspaceStatsQuerySchema,
      response: { 200: WorkspaceStatsSchema },
    },
    handler: (request) =>
      stats.getWorkspaceStats(getAuth(request).userId, request.params.g, request.query),
  });
}
