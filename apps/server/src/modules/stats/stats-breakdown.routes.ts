import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WorkspaceParamsSchema,
  WorkspaceStatsFilesQuerySchema,
  WorkspaceStatsFilesSchema,
  WorkspaceStatsUsersQuerySchema,
  WorkspaceStatsUsersSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { StatsBreakdownService } from './stats-breakdown.service.js';

export function registerStatsBreakdownRoutes(
  app: FastifyInstance,
  breakdown: StatsBreakdownService,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/groups/:g/stats/users/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags: ['statistics'],
      summary:
        'Ended print jobs, filament, printing time and cost per user for UTC days date_from..date_to, most jobs first (VIEW_GROUP)',
      params: WorkspaceParamsSchema,
      querystring: WorkspaceStatsUsersQuerySchema,
      response: { 200: WorkspaceStatsUsersSchema },
    },
    handler: (request) =>
      breakdown.getUserStats(getAuth(request).userId, request.params.g, request.query),
  });
  typed.get('/api/groups/:g/stats/files/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags: ['statistics'],
      summary:
        'The most printed files of all time: ended print jobs, filament, printing time and cost per file (VIEW_GROUP)',
      params: WorkspaceParamsSchema,
      querystring: WorkspaceStatsFilesQuerySchema,
      response: { 200: WorkspaceStatsFilesSchema },
    },
    handler: (request) =>
      breakdown.getFileStats(getAuth(request).userId, request.params.g, request.query),
  });
}
