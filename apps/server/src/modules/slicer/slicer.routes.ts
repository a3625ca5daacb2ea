import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OctoPrintErrorSchema,
  OctoPrintUploadFormSchema,
  OctoPrintUploadResultSchema,
  OctoPrintVersionSchema,
  SlicerParamsSchema,
} from '@printdeck/shared';
import { AppError } from '../../http/app-error.js';
import type { FileUploadService } from '../files/file-upload.service.js';
import { receiveUpload } from '../files/upload.route.js';
import { OCTOPRINT_VERSION, withoutOctoPrintFields, type SlicerService } from './slicer.service.js';

/**
 * `/slicer/{groupId}/api/…`: the part of OctoPrint's REST API that PrusaSlicer, OrcaSlicer and
 * other OctoPrint clients use to send a file, so a workspace can be set up in a slicer as an
 * "OctoPrint" physical printer. Outside /api, so the API key comes in X-Api-Key as OctoPrint
 * wants, and errors answer in OctoPrint's shape ({"error": "…"}).
 */
export async function registerSlicerRoutes(
  app: FastifyInstance,
  deps: { slicer: SlicerService; uploads: FileUploadService },
): Promise<void> {
  const { slicer, uploads } = deps;
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });
    scope.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) void reply.headers(error.headers);
        return reply.status(error.status).send({ error: error.message });
      }
      // Fastify's own refusals (a body that is not multipart: 415) answer in the same shape:
      // the response schema has no room for the application's {code, message} (issue 23 fuzz)
      const { statusCode: status, message } = error as { statusCode?: number; message: string };
      if (status !== undefined && status >= 400 && status < 500) {
        return reply.status(status).send({ error: message });
      }
      // anything else goes on to the application's handler, which logs and hides 5xx details
      throw error;
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['slicer (OctoPrint-compatible)'];
    // a wrong key, a workspace the key's owner is not in, too many wrong keys
    const errors = {
      403: OctoPrintErrorSchema,
      404: OctoPrintErrorSchema,
      429: OctoPrintErrorSchema,
    };
    const uploadErrors = { ...errors, 413: OctoPrintErrorSchema, 415: OctoPrintErrorSchema };

    r.get('/slicer/:groupId/api/version', {
      schema: {
        tags,
        summary: "OctoPrint's version answer; checks the key as a slicer's connection test",
        params: SlicerParamsSchema,
        response: { 200: OctoPrintVersionSchema, ...errors },
      },
      handler: async (request) => {
        const apiKey = request.headers['x-api-key'];
        await slicer.authorizeUpload(
          typeof apiKey === 'string' ? apiKey : undefined,
          request.ip,
          request.params.groupId,
        );
        return OCTOPRINT_VERSION;
      },
    });

    r.post('/slicer/:groupId/api/files/local', {
      schema: {
        tags,
        summary:
          'Upload a G-code file into the workspace as OctoPrint does (multipart `file`; `select`, `print`, `path` ignored)',
        consumes: ['multipart/form-data'],
        params: SlicerParamsSchema,
        multipartBody: OctoPrintUploadFormSchema,
        response: { 201: OctoPrintUploadResultSchema, ...uploadErrors },
      },
      handler: async (request, reply) => {
        const { groupId } = request.params;
        const apiKey = request.headers['x-api-key'];
        const userId = await slicer
          .authorizeUpload(typeof apiKey === 'string' ? apiKey : undefined, request.ip, groupId)
          .catch((error: unknown) => {
            // the refused file is not worth receiving: answer, then close
            void reply.header('connection', 'close');
            throw error;
          });
        const gcode = await receiveUpload(request, reply, uploads, {
          userId,
          workspaceId: groupId,
          selectParts: withoutOctoPrintFields,
        });
        const result = slicer.toUploadResult(groupId, gcode);
        return reply.status(201).header('location', result.files.local.refs.resource).send(result);
      },
    });
  });
}
