import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamSchema,
  PrintQueueItemCreateSchema,
  PrintQueueItemPrintSchema,
  PrintQueueItemSchema,
  PrintQueueItemUpdateSchema,
  PrintQueueListQuerySchema,
  PrintQueueListSchema,
  PrintQueueOrderSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { PrintQueueService } from './print-queue.service.js';

const printerParams = z.strictObject({ id: IdParamSchema });
/** the workspace in the path, named `:g` on every route */
const workspaceParams = z.strictObject({ g: IdParamSchema });
const workspaceItemParams = z.strictObject({ g: IdParamSchema, itemId: IdParamSchema });

export function registerPrintQueueRoutes(app: FastifyInstance, queue: PrintQueueService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['print queue'];

  r.get('/api/groups/:g/print-queue/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'The print queue: queued in order, printing, printed, newest archived',
      params: workspaceParams,
      querystring: PrintQueueListQuerySchema,
      response: { 200: PrintQueueListSchema },
    },
    handler: (request) => queue.listItems(getAuth(request).userId, request.params.g, request.query),
  });

  r.post('/api/groups/:g/print-queue/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Add a G-code to the queue (OPERATE_PRINTERS)',
      params: workspaceParams,
      body: PrintQueueItemCreateSchema,
      response: { 201: PrintQueueItemSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await queue.createItem(getAuth(request).userId, request.params.g, request.body)),
  });

  r.put('/api/groups/:g/print-queue/order/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Reorder the queued items',
      params: workspaceParams,
      body: PrintQueueOrderSchema,
      response: { 200: PrintQueueListSchema },
    },
    handler: (request) =>
      queue.reorderQueue(getAuth(request).userId, request.params.g, request.body.ids),
  });

  r.patch('/api/groups/:g/print-queue/:itemId/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Archive (state DONE), record a print (state PRINTED), or edit a queued item',
      params: workspaceItemParams,
      body: PrintQueueItemUpdateSchema,
      response: { 200: PrintQueueItemSchema, 204: z.null() },
    },
    handler: async (request, reply) => {
      const { g, itemId } = request.params;
      const item = await queue.updateItem(getAuth(request).userId, g, itemId, request.body);
      return item ? reply.send(item) : reply.status(204).send(null);
    },
  });

  r.delete('/api/groups/:g/print-queue/:itemId/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Remove an item',
      params: workspaceItemParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      const { g, itemId } = request.params;
      await queue.deleteItem(getAuth(request).userId, g, itemId);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/groups/:g/print-queue/:itemId/print/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Print a queued item now, on its printer or the one given',
      params: workspaceItemParams,
      body: PrintQueueItemPrintSchema,
      response: { 200: PrintQueueItemSchema },
      errors: [408],
    },
    handler: (request) => {
      const { g, itemId } = request.params;
      return queue.printItem(getAuth(request).userId, g, itemId, request.body);
    },
  });

  r.post('/api/printers/:id/plate-cleared/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'The plate is clear: the printer may take the next queue item by itself',
      params: printerParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await queue.clearPlate(getAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
