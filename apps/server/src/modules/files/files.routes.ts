import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FileDownloadLinkSchema,
  GcodeDeletionImpactSchema,
  GcodeListQuerySchema,
  GcodePageSchema,
  GcodeSchema,
  GcodeUpdateSchema,
  IdParamSchema,
  PreviewImageParamsSchema,
  WorkspaceFileParamsSchema,
  WorkspaceParamsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import { toAttachmentDisposition } from './content-disposition.js';
import type { FileContentService, StoredContent } from './file-content.service.js';
import type { FileUploadService } from './file-upload.service.js';
import type { FilesService } from './files.service.js';
import { registerUploadRoute } from './upload.route.js';

export interface FilesRouteServices {
  files: FilesService;
  fileUploads: FileUploadService;
  fileContent: FileContentService;
}

/** User content is never run or framed by the browser (checklist C31). */
function sendStored(reply: FastifyReply, content: StoredContent) {
  return reply
    .header('content-type', content.contentType)
    .header('content-length', content.size)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(content.stream);
}

export async function registerFilesRoutes(
  app: FastifyInstance,
  { files, fileUploads, fileContent }: FilesRouteServices,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];

  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });
    registerUploadRoute(scope, fileUploads);
  });

  r.get('/api/groups/:g/files/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary:
        'Files, newest first, filtered by labels (with their sub-labels) and name (VIEW_GROUP)',
      params: WorkspaceParamsSchema,
      querystring: GcodeListQuerySchema,
      response: { 200: GcodePageSchema },
    },
    handler: (request) => files.listFiles(getAuth(request).userId, request.params.g, request.query),
  });

  r.get('/api/groups/:g/files/:id/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'One file (VIEW_GROUP)',
      params: WorkspaceFileParamsSchema,
      response: { 200: GcodeSchema },
    },
    handler: (request) =>
      files.getFile(getAuth(request).userId, request.params.g, request.params.id),
  });

  r.patch('/api/groups/:g/files/:id/', {
    config: { permission: 'CHANGE_UPLOADED_FILES' },
    schema: {
      tags,
      summary:
        'Change name, note, filament or labels (CHANGE_FILES, or CHANGE_UPLOADED_FILES on own)',
      params: WorkspaceFileParamsSchema,
      body: GcodeUpdateSchema,
      response: { 200: GcodeSchema },
    },
    handler: (request) =>
      files.updateFile(getAuth(request).userId, request.params.g, request.params.id, request.body),
  });

  r.get('/api/groups/:g/files/:id/deletion-impact/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'What deleting the file takes with it: its print-queue items (VIEW_GROUP)',
      params: WorkspaceFileParamsSchema,
      response: { 200: GcodeDeletionImpactSchema },
    },
    handler: (request) =>
      files.getDeletionImpact(getAuth(request).userId, request.params.g, request.params.id),
  });

  r.delete('/api/groups/:g/files/:id/', {
    config: { permission: 'CHANGE_UPLOADED_FILES' },
    schema: {
      tags,
      summary: 'Delete a file and its bytes (CHANGE_FILES, or CHANGE_UPLOADED_FILES on own)',
      params: WorkspaceFileParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await files.deleteFile(getAuth(request).userId, request.params.g, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.put('/api/groups/:g/files/:id/public/', {
    config: { permission: 'CHANGE_UPLOADED_FILES' },
    schema: {
      tags,
      summary: 'Make a file public (CHANGE_FILES, or CHANGE_UPLOADED_FILES on own)',
      params: WorkspaceFileParamsSchema,
      response: { 200: GcodeSchema },
    },
    handler: (request) =>
      files.makePublic(getAuth(request).userId, request.params.g, request.params.id),
  });

  r.delete('/api/groups/:g/files/:id/public/', {
    config: { permission: 'CHANGE_UPLOADED_FILES' },
    schema: {
      tags,
      summary: 'Make a file private (CHANGE_FILES, or CHANGE_UPLOADED_FILES on own)',
      params: WorkspaceFileParamsSchema,
      response: { 200: GcodeSchema },
    },
    handler: (request) =>
      files.makePrivate(getAuth(request).userId, request.params.g, request.params.id),
  });

  r.get('/api/groups/:g/files/:id/download-link/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'A signed link to the bytes, valid for 5 minutes (VIEW_GROUP)',
      params: WorkspaceFileParamsSchema,
      response: { 200: FileDownloadLinkSchema },
    },
    handler: (request) =>
      files.createDownloadLink(getAuth(request).userId, request.params.g, request.params.id),
  });

  r.get('/api/files/:id/content/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'The bytes: with a download link token, or without one for a public file',
      params: z.strictObject({ id: IdParamSchema }),
      querystring: z.strictObject({ token: z.string().min(1).max(2048).optional() }),
      // the link's token is wrong or old
      errors: [401],
    },
    handler: async (request, reply) => {
      const content = await fileContent.openContent(request.params.id, request.query.token);
      void reply.header('content-disposition', toAttachmentDisposition(content.downloadName));
      return sendStored(reply, content);
    },
  });

  r.get('/api/files/:id/preview-images/:imageId/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "A preview image of a file (VIEW_GROUP of the file's workspace)",
      params: PreviewImageParamsSchema,
    },
    handler: async (request, reply) => {
      const { id, imageId } = request.params;
      return sendStored(reply, await fileContent.openPreview(getAuth(request).userId, id, imageId));
    },
  });
}
