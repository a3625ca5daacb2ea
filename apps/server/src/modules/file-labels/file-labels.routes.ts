import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FileLabelCreateSchema,
  FileLabelParamsSchema,
  FileLabelSchema,
  FileLabelUpdateSchema,
  WorkspaceParamsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { FileLabelsService } from './file-labels.service.js';

export function registerFileLabelsRoutes(app: FastifyInstance, labels: FileLabelsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['file labels'];

  r.get('/api/groups/:g/file-labels/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "A workspace's labels, flat; parent_id builds the tree (VIEW_GROUP)",
      params: WorkspaceParamsSchema,
      response: { 200: z.array(FileLabelSchema) },
    },
    handler: (request) => labels.listLabels(getAuth(request).userId, request.params.g),
  });

  r.post('/api/groups/:g/file-labels/', {
    config: { permission: 'CHANGE_FILES' },
    schema: {
      tags,
      summary: 'Create a label (CHANGE_FILES)',
      params: WorkspaceParamsSchema,
      body: FileLabelCreateSchema,
      response: { 201: FileLabelSchema },
    },
    handler: async (request, reply) => {
      const { userId } = getAuth(request);
      const label = await labels.createLabel(userId, request.params.g, request.body);
      return reply.status(201).send(label);
    },
  });

  r.patch('/api/groups/:g/file-labels/:id/', {
    config: { permission: 'CHANGE_FILES' },
    schema: {
      tags,
      summary: 'Rename or move a label (CHANGE_FILES)',
      params: FileLabelParamsSchema,
      body: FileLabelUpdateSchema,
      response: { 200: FileLabelSchema },
    },
    handler: (request) =>
      labels.updateLabel(
        getAuth(request).userId,
        request.params.g,
        request.params.id,
        request.body,
      ),
  });

  r.delete('/api/groups/:g/file-labels/:id/', {
    config: { permission: 'CHANGE_FILES' },
    schema: {
      tags,
      summary: 'Delete a label: its children move up to its parent (CHANGE_FILES)',
      params: FileLabelParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await labels.deleteLabel(getAuth(request).userId, request.params.g, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
