import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MaintenanceDueSchema,
  MaintenanceTaskCreateSchema,
  MaintenanceTaskSchema,
  MaintenanceTaskUpdateSchema,
  PrinterMaintenanceParamsSchema,
  WorkspaceParamsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { MaintenanceService } from './maintenance.service.js';

const PrinterParamsSchema = PrinterMaintenanceParamsSchema.pick({ id: true });

export function registerMaintenanceRoutes(
  app: FastifyInstance,
  maintenance: MaintenanceService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['maintenance'];
  const ids = (params: { id: number; taskId: number }) => ({
    printerId: params.id,
    taskId: params.taskId,
  });

  r.get('/api/printers/:id/maintenance/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "A printer's maintenance tasks with their counters and due state (VIEW_GROUP)",
      params: PrinterParamsSchema,
      response: { 200: z.array(MaintenanceTaskSchema) },
    },
    handler: (request) => maintenance.listPrinterTasks(getAuth(request).userId, request.params.id),
  });

  r.get('/api/groups/:g/maintenance-due/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'The printers with maintenance due soon or overdue (VIEW_GROUP)',
      params: WorkspaceParamsSchema,
      response: { 200: z.array(MaintenanceDueSchema) },
    },
    handler: (request) => maintenance.listWorkspaceDue(getAuth(request).userId, request.params.g),
  });

  r.post('/api/printers/:id/maintenance/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Add a maintenance task to a printer (OPERATE_PRINTERS)',
      params: PrinterParamsSchema,
      body: MaintenanceTaskCreateSchema,
      response: { 201: MaintenanceTaskSchema },
    },
    handler: async (request, reply) => {
      const task = await maintenance.createTask(
        getAuth(request).userId,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(task);
    },
  });

  r.patch('/api/printers/:id/maintenance/:taskId/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Change a maintenance task (OPERATE_PRINTERS)',
      params: PrinterMaintenanceParamsSchema,
      body: MaintenanceTaskUpdateSchema,
      response: { 200: MaintenanceTaskSchema },
    },
    handler: (request) =>
      maintenance.updateTask(getAuth(request).userId, ids(request.params), request.body),
  });

  r.delete('/api/printers/:id/maintenance/:taskId/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Delete a maintenance task and its history (OPERATE_PRINTERS)',
      params: PrinterMaintenanceParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await maintenance.deleteTask(getAuth(request).userId, ids(request.params));
      return reply.status(204).send(null);
    },
  });

  r.post('/api/printers/:id/maintenance/:taskId/done/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary:
        'Mark a maintenance task done: who and when are kept, its counters start again (OPERATE_PRINTERS)',
      params: PrinterMaintenanceParamsSchema,
      response: { 200: MaintenanceTaskSchema },
    },
    handler: (request) => maintenance.markDone(getAuth(request).userId, ids(request.params)),
  });
}
