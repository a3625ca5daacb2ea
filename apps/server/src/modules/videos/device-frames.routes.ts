import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEVICE_IDENTITY_HEADER,
  FrameAcceptedSchema,
  FrameHeadersSchema,
  RecordingDoneParamsSchema,
  TIMELAPSE,
} from '@printdeck/shared';
import type { FrameIngestService } from './frame-ingest.service.js';

export const FRAMES_PATH = '/api/device/timelapse/frames/';

/**
 * Timelapse frames from agents: JPEG bodies over HTTP (never the control socket), with the
 * device key in the Authorization header (never in the URL) and the agent identity the key is
 * paired with. Public to the user sign-in: the
 * device key is checked here instead.
 */
export async function registerDeviceFramesRoutes(
  app: FastifyInstance,
  frames: FrameIngestService,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'image/jpeg',
      { parseAs: 'buffer', bodyLimit: TIMELAPSE.frameMaxBytes },
      (_request, body, done) => done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['device'];

    r.post(FRAMES_PATH, {
      config: { isPublic: true },
      bodyLimit: TIMELAPSE.frameMaxBytes,
      schema: {
        tags,
        summary: 'A timelapse frame of a print job of this device (device key)',
        headers: FrameHeadersSchema,
        response: { 200: FrameAcceptedSchema },
        errors: [409],
      },
      onRequest: async (request) => {
        request.deviceKeyId = await frames.authenticate(
          request.headers.authorization,
          request.headers[DEVICE_IDENTITY_HEADER],
        );
      },
      handler: (request) =>
        frames.ingestFrame(
          request.deviceKeyId!,
          request.headers,
          request.body as Buffer,
          (fields, message) => request.log.warn(fields, message),
        ),
    });

    r.post('/api/device/timelapse/:jobId/done/', {
      config: { isPublic: true },
      schema: {
        tags,
        summary: 'Every frame of an ended print job was sent: make its video now (device key)',
        params: RecordingDoneParamsSchema,
        response: { 204: z.null() },
        errors: [409],
      },
      onRequest: async (request) => {
        request.deviceKeyId = await frames.authenticate(
          request.headers.authorization,
          request.headers[DEVICE_IDENTITY_HEADER],
        );
      },
      handler: async (request, reply) => {
        await frames.completeRecording(request.deviceKeyId!, request.params.jobId);
        return reply.status(204).send(null);
      },
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    deviceKeyId?: number;
  }
}
