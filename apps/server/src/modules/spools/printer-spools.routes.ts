import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PrinterSpoolLoadSchema,
  PrinterSpoolSchema,
  PrinterToolParamsSchema,
  WorkspaceParamsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { PrinterSpoolsService } from './printer-spools.service.js';

export function registerPrinterSpoolsRoutes(
  app: FastifyInstance,
  loaded: PrinterSpoolsService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['spools'];

  r.get('/api/groups/:g/printer-spools/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "The spool on each tool of the workspace's printers (VIEW_GROUP)",
      params: WorkspaceParamsSchema,
      response: { 200: z.array(PrinterSpoolSchema) },
    },
    handler: (request) => loaded.listWorkspaceLoaded(getAuth(request).userId, request.params.g),
  });

  r.put('/api/printers/:id/spools/:tool/', {
    config: { permission: 'MANAGE_SPOOLS' },
    schema: {
      tags,
      summary:
        "Load a spool on a printer's tool (0 is the first), swapping out what was there; answers the printer's loaded spools (MANAGE_SPOOLS)",
      params: PrinterToolParamsSchema,
      body: PrinterSpoolLoadSchema,
      response: { 200: z.array(PrinterSpoolSchema) },
    },
    handler: (request) =>
      loaded.loadSpool(getAuth(request).userId, {
        printerId: request.params.id,
        tool: request.params.tool,
        spoolId: request.body.spool_id,
      }),
  });

  r.delete('/api/printers/:id/spools/:tool/', {
    config: { permission: 'MANAGE_SPOOLS' },
    schema: {
      tags,
      summary: "Unload the spool from a printer's tool (MANAGE_SPOOLS)",
      params: PrinterToolParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await loaded.unloadTool(getAuth(request).userId, request.params.id, request.params.tool);
      return reply.status(204).send(null);
    },
  });
}
