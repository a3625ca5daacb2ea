import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamSchema,
  LastPrintedFileSchema,
  PrintJobListQuerySchema,
  PrintJobPageSchema,
  PrintStartResponseSchema,
  PrintStartSchema,
  PrintStartWaitingSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { WaitingStarts } from '../waiting-starts/waiting-starts.service.js';
import type { PrintJobsService } from './print-jobs.service.js';

const idParams = z.strictObject({ id: IdParamSchema });
/** the workspace in the path, named `:g` on every route */
const workspaceParams = z.strictObject({ g: IdParamSchema });

export function registerPrintJobsRoutes(
  app: FastifyInstance,
  printJobs: PrintJobsService,
  starts: Pick<WaitingStarts, 'startOrWait'>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['printing'];

  r.post('/api/printers/:id/files/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Print a G-code file on this printer (OPERATE_PRINTERS)',
      description:
        "201: the printer started the job. 202: the workspace's staggered-start rule holds it; " +
        'recorded as a waiting start that begins by itself when allowed (cancel: ' +
        'DELETE /api/groups/{g}/waiting-starts/{id}/).',
      params: idParams,
      body: PrintStartSchema,
      response: { 201: PrintStartResponseSchema, 202: PrintStartWaitingSchema },
      errors: [408, 409],
    },
    handler: async (request, reply) => {
      const answer = await starts.startOrWait(
        getAuth(request).userId,
        request.params.id,
        request.body,
      );
      return reply.status(answer.status).send(answer.body);
    },
  });

  r.get('/api/groups/:g/print-jobs/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'Print jobs, newest first; filter by file_id or printer_id',
      params: workspaceParams,
      querystring: PrintJobListQuerySchema,
      response: { 200: PrintJobPageSchema },
    },
    handler: (request) =>
      printJobs.listJobs(getAuth(request).userId, request.params.g, request.query),
  });

  r.get('/api/groups/:g/last-printed-files/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'The files printed most recently',
      params: workspaceParams,
      response: { 200: z.array(LastPrintedFileSchema) },
    },
    handler: (request) => printJobs.lastPrintedFiles(getAuth(request).userId, request.params.g),
  });
}
