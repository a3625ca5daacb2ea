import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LanPrinterCreateSchema, PrinterSchema } from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { LanPrintersService } from './lan-printers.service.js';

export function registerLanPrintersRoutes(app: FastifyInstance, lan: LanPrintersService): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/lan-printers/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags: ['printers'],
      summary: 'Add a printer the server reaches on its network, LAN mode (CHANGE_GROUP)',
      body: LanPrinterCreateSchema,
      response: { 201: PrinterSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await lan.createLanPrinter(getAuth(request).userId, request.body)),
  });
}
