import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamSchema, TemperatureHistorySchema } from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { TemperatureHistoryService } from './temperature-history.service.js';

export function registerTemperatureHistoryRoutes(
  app: FastifyInstance,
  history: TemperatureHistoryService,
): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/printers/:id/temperature-history/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags: ['printers'],
      summary: 'Nozzle and bed temperatures, actual and target, of the last 30 minutes',
      params: z.strictObject({ id: IdParamSchema }),
      response: { 200: TemperatureHistorySchema },
    },
    handler: (request) => history.getHistory(getAuth(request).userId, request.params.id),
  });
}
