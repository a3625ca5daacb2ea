import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamSchema,
  PrinterCreateSchema,
  PrinterDeviceStateSchema,
  PrinterSchema,
  PrinterUpdateSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import { replyWithEtag } from '../../http/etag.js';
import type { PrintersService } from './printers.service.js';

const idParams = z.strictObject({ id: IdParamSchema });
/** the workspace in the path, named `:g` on every route */
const workspaceParams = z.strictObject({ g: IdParamSchema });

export function registerPrintersRoutes(app: FastifyInstance, printers: PrintersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['printers'];

  r.get('/api/groups/:g/printers/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "A workspace's printers",
      params: workspaceParams,
      response: { 200: z.array(PrinterSchema) },
    },
    handler: (request) => printers.listPrinters(getAuth(request).userId, request.params.g),
  });

  r.get('/api/groups/:g/devices-states/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'Live state of every printer (polled every 2 s; ETag, 304 when unchanged)',
      params: workspaceParams,
      response: { 200: z.array(PrinterDeviceStateSchema) },
    },
    // sent as the JSON its ETag was taken of (one stringify per poll, issue 31)
    handler: async (request, reply) =>
      replyWithEtag(
        request,
        reply,
        await printers.listDeviceStates(getAuth(request).userId, request.params.g),
      ),
  });

  r.post('/api/printers/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Add a printer (CHANGE_GROUP)',
      body: PrinterCreateSchema,
      response: { 201: PrinterSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await printers.createPrinter(getAuth(request).userId, request.body)),
  });

  r.get('/api/printers/:id/', {
    config: { permission: 'VIEW_GROUP' },
    schema: { tags, summary: 'One printer', params: idParams, response: { 200: PrinterSchema } },
    handler: (request) => printers.getPrinter(getAuth(request).userId, request.params.id),
  });

  r.patch('/api/printers/:id/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Change a printer (CHANGE_GROUP)',
      params: idParams,
      body: PrinterUpdateSchema,
      response: { 200: PrinterSchema },
    },
    handler: (request) =>
      printers.updatePrinter(getAuth(request).userId, request.params.id, request.body),
  });

  r.delete('/api/printers/:id/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Remove a printer (CHANGE_GROUP)',
      params: idParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await printers.deletePrinter(getAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
