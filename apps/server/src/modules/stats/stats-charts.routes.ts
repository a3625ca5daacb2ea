import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WorkspaceParamsSchema,
  WorkspaceStatsChartsQuerySchema,
  WorkspaceStatsChartsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { StatsChartsService } from './stats-charts.service.js';

export function registerStatsChartsRoutes(app: FastifyInstance, charts: StatsChartsService): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/groups/:g/stats/charts/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags: ['statistics'],
      summary:
        'Print jobs per day or week by outcome, filament used, and printing time per printer, for UTC days date_from..date_to (VIEW_GROUP)',
      params: WorkspaceParamsSchema,
      querystring: WorkspaceStatsChartsQuerySchema,
      response: { 200: WorkspaceStatsChartsSchema },
    },
    handler: (request) =>
      charts.getWorkspaceStatsCharts(getAuth(request).userId, request.params.g, request.query),
  });
}
