import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamSchema,
  VideoDownloadParamsSchema,
  VideoDownloadQuerySchema,
  VideoListQuerySchema,
  VideoPageSchema,
  VideoSchema,
  VideoUpdateSchema,
  WorkspaceParamsSchema,
  WorkspaceVideoParamsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import { toAttachmentDisposition } from '../files/content-disposition.js';
import type { VideoContentService } from './video-content.service.js';
import type { VideosService } from './videos.service.js';

export function registerVideosRoutes(
  app: FastifyInstance,
  { videos, videoContent }: { videos: VideosService; videoContent: VideoContentService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['videos'];

  r.get('/api/groups/:g/videos/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "The workspace's timelapse videos, newest first (VIEW_GROUP)",
      params: WorkspaceParamsSchema,
      querystring: VideoListQuerySchema,
      response: { 200: VideoPageSchema },
    },
    handler: (request) =>
      videos.listVideos(getAuth(request).userId, request.params.g, request.query),
  });

  r.get('/api/groups/:g/videos/:id/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'One video with signed links to its bytes (VIEW_GROUP)',
      params: WorkspaceVideoParamsSchema,
      response: { 200: VideoSchema },
    },
    handler: (request) =>
      videos.getVideo(getAuth(request).userId, request.params.g, request.params.id),
  });

  r.patch('/api/groups/:g/videos/:id/', {
    config: { permission: 'CHANGE_UPLOADED_FILES' },
    schema: {
      tags,
      summary: 'Make a video public or private (CHANGE_FILES, or CHANGE_UPLOADED_FILES on own)',
      params: WorkspaceVideoParamsSchema,
      body: VideoUpdateSchema,
      response: { 200: VideoSchema },
    },
    handler: (request) =>
      videos.updateVideo(
        getAuth(request).userId,
        request.params.g,
        request.params.id,
        request.body,
      ),
  });

  r.delete('/api/groups/:g/videos/:id/', {
    config: { permission: 'CHANGE_UPLOADED_FILES' },
    schema: {
      tags,
      summary: 'Delete a video and its bytes (CHANGE_FILES, or CHANGE_UPLOADED_FILES on own)',
      params: WorkspaceVideoParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await videos.deleteVideo(getAuth(request).userId, request.params.g, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/files/:id/videos/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "A file's timelapse videos (VIEW_GROUP of the file's workspace)",
      params: z.strictObject({ id: IdParamSchema }),
      querystring: VideoListQuerySchema,
      response: { 200: VideoPageSchema },
    },
    handler: (request) =>
      videos.listFileVideos(getAuth(request).userId, request.params.id, request.query),
  });

  r.get('/api/print-job-videos/download/:id/:kind/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary:
        'The video (with HTTP Range), the final photo or the photo strip: with a signed link, or without one for a public video',
      params: VideoDownloadParamsSchema,
      querystring: VideoDownloadQuerySchema,
      // the link's token is wrong or old; the Range lies outside the video
      errors: [401, 416],
    },
    handler: async (request, reply) => {
      const content = await videoContent.openContent(request.params.id, request.params.kind, {
        ...(request.query.token !== undefined && { token: request.query.token }),
        ...(request.headers.range !== undefined && { range: request.headers.range }),
      });
      const isDownload = request.query.download === '1' || request.query.download === 'true';
      if (isDownload)
        void reply.header('content-disposition', toAttachmentDisposition(content.downloadName));
      if (content.range) {
        void reply
          .status(206)
          .header(
            'content-range',
            `bytes ${content.range.start}-${content.range.end}/${content.size}`,
          );
      }
      return reply
        .header('content-type', content.contentType)
        .header('content-length', content.length)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=300')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(content.stream);
    },
  });
}
