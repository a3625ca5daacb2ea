import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DiscoveredPrintersSchema,
  LanPrinterConnectionSchema,
  LanPrinterConnectionUpdateSchema,
  IdParamSchema,
  LanPrinterCreateSchema,
  PrinterSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { LanDiscoveryService } from './lan-discovery.service.js';
import type { LanPrintersService } from './lan-printers.service.js';

const printerParams = z.strictObject({ id: IdParamSchema });
const workspaceParams = z.strictObject({ g: IdParamSchema });

export function registerLanPrintersRoutes(
  app: FastifyInstance,
  lan: LanPrintersService,
  discovery: LanDiscoveryService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/groups/:g/lan-printers/discovered/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags: ['printers'],
      summary: 'Bambu Lab printers heard on the server’s network, LAN mode (CHANGE_GROUP)',
      params: workspaceParams,
      response: { 200: DiscoveredPrintersSchema },
    },
    handler: (request) => discovery.listDiscovered(getAuth(request).userId, request.params.g),
  });

  r.post('/api/lan-printers/', {
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

  r.get('/api/printers/:id/lan-connection/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags: ['printers'],
      summary: 'How the server reaches a LAN printer, no secret (CHANGE_GROUP)',
      params: printerParams,
      response: { 200: LanPrinterConnectionSchema },
    },
    handler: (request) => lan.getConnection(getAuth(request).userId, request.params.id),
  });

  r.put('/api/printers/:id/lan-connection/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags: ['printers'],
      summary: 'A LAN printer’s new address or credentials, tried before saved (CHANGE_GROUP)',
      params: printerParams,
      body: LanPrinterConnectionUpdateSchema,
      response: { 200: LanPrinterConnectionSchema },
    },
    handler: (request) =>
      lan.updateConnection(getAuth(request).userId, request.params.id, request.body),
  });
}
