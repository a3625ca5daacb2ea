import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamSchema,
  PrinterGroupMemberSchema,
  PrinterGroupNameSchema,
  PrinterGroupSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { PrinterGroupsService } from './printer-groups.service.js';

const idParams = z.strictObject({ id: IdParamSchema });
/** the workspace in the path, named `:g` on every route */
const workspaceParams = z.strictObject({ g: IdParamSchema });

export function registerPrinterGroupsRoutes(
  app: FastifyInstance,
  groups: PrinterGroupsService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['printer groups'];

  r.get('/api/groups/:g/printer-groups/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "A workspace's printer groups",
      params: workspaceParams,
      response: { 200: z.array(PrinterGroupSchema) },
    },
    handler: (request) => groups.listGroups(getAuth(request).userId, request.params.g),
  });
  r.post('/api/groups/:g/printer-groups/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Create a printer group (CHANGE_GROUP)',
      params: workspaceParams,
      body: PrinterGroupNameSchema,
      response: { 201: PrinterGroupSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await groups.createGroup(getAuth(request).userId, request.params.g, request.body.name),
        ),
  });
  r.patch('/api/printer-groups/:id/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Rename a printer group',
      params: idParams,
      body: PrinterGroupNameSchema,
      response: { 200: PrinterGroupSchema },
    },
    handler: (request) =>
      groups.renameGroup(getAuth(request).userId, request.params.id, request.body.name),
  });
  r.delete('/api/printer-groups/:id/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Delete a printer group (its printers stay)',
      params: idParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => (
      await groups.deleteGroup(getAuth(request).userId, request.params.id),
      reply.status(204).send(null)
    ),
  });
  r.put('/api/printer-groups/:id/printer/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Move a printer into the group',
      params: idParams,
      body: PrinterGroupMemberSchema,
      response: { 200: PrinterGroupSchema },
    },
    handler: (request) =>
      groups.addPrinter(getAuth(request).userId, request.params.id, request.body.printer_id),
  });
  r.delete('/api/printer-groups/:id/printer/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Take a printer out of the group',
      params: idParams,
      body: PrinterGroupMemberSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => (
      await groups.removePrinter(
        getAuth(request).userId,
        request.params.id,
        request.body.printer_id,
      ),
      reply.status(204).send(null)
    ),
  });
}
