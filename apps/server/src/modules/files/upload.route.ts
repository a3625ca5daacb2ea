import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GcodeSchema,
  GcodeUploadFormSchema,
  WorkspaceParamsSchema,
  type Gcode,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { FileUploadService } from './file-upload.service.js';
import type { UploadPart } from './upload-form.js';

/** A connection that sends nothing for this long is dropped, and its partial upload with it. */
const UPLOAD_IDLE_TIMEOUT_MS = 30_000;
/** Temp files untouched for this long belong to uploads that can no longer be alive. */
const STALE_UPLOAD_MS = 5 * 60_000;

/**
 * POST /api/groups/{g}/files/: one file per call, streamed (checklist C28). Busboy's limits
 * default to Infinity, so each is set here; the file limit is one byte over the maximum so
 * that the service sees the overflow and answers 413.
 */
export function registerUploadRoute(app: FastifyInstance, uploads: FileUploadService): void {
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await uploads.sweepStaleUploads(STALE_UPLOAD_MS);
    sweeper = setInterval(() => void uploads.sweepStaleUploads(STALE_UPLOAD_MS), STALE_UPLOAD_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.withTypeProvider<ZodTypeProvider>().post('/api/groups/:g/files/', {
    config: { permission: 'UPLOAD_FILE' },
    schema: {
      tags: ['files'],
      summary:
        'Upload one G-code file as multipart: file, and optional name and note (UPLOAD_FILE)',
      consumes: ['multipart/form-data'],
      params: WorkspaceParamsSchema,
      multipartBody: GcodeUploadFormSchema,
      response: { 201: GcodeSchema },
    },
    handler: async (request, reply) => {
      const gcode = await receiveUpload(request, reply, uploads, {
        userId: getAuth(request).userId,
        workspaceId: request.params.g,
      });
      return reply.status(201).send(gcode);
    },
  });
}

/**
 * Streams one multipart upload into a workspace through the upload service, for this route and
 * for the slicer's OctoPrint-shaped one. `selectParts` may drop form fields another client
 * sends; the file part must pass through untouched.
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  uploads: FileUploadService,
  target: {
    userId: number;
    workspaceId: number;
    selectParts?: (parts: AsyncIterable<UploadPart>) => AsyncIterable<UploadPart>;
  },
): Promise<Gcode> {
  request.raw.setTimeout(UPLOAD_IDLE_TIMEOUT_MS, () => request.raw.destroy());
  // the idle limit is for the sender: once the body is in, storing it (an S3 multipart upload
  // of a large file) may take longer than the limit without a byte on the socket
  request.raw.once('end', () => request.raw.setTimeout(0));
  try {
    const parts = request.parts({
      limits: {
        fileSize: uploads.limits.maxBytes + 1,
        files: 1,
        fields: 8,
        parts: 10,
        fieldSize: 16 * 1024,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    return await uploads.uploadFile(target.userId, target.workspaceId, {
      parts: target.selectParts ? target.selectParts(parts) : parts,
      declaredBytes: Number(request.headers['content-length'] ?? 0),
    });
  } catch (error) {
    // what is left of a refused body is not worth receiving: answer, then close
    void reply.header('connection', 'close');
    throw error;
  } finally {
    request.raw.setTimeout(0);
  }
}
