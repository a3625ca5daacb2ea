import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamSchema, WorkspaceStatsQuerySchema } from '@printdeck/shared';
import { z } from 'zod';
import { getAuth } from '../../http/authentication.js';
import type { PrintLogExport } from './print-log-export.js';

export function registerPrintLogExportRoutes(app: FastifyInstance, exporter: PrintLogExport): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/groups/:g/print-jobs/export/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags: ['printing'],
      summary:
        'The print log as CSV (date, printer, file, who, outcome, duration, filament g, cost), streamed; the last year unless date_from/date_to say otherwise (VIEW_GROUP)',
      params: z.strictObject({ g: IdParamSchema }),
      querystring: WorkspaceStatsQuerySchema,
    },
    handler: async (request, reply) => {
      const { fileName, stream } = await exporter.exportCsv(
        getAuth(request).userId,
        request.params.g,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
