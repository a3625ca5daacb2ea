import type { Readable } from 'node:stream';
import type { VideoFileKind } from '@printdeck/shared';
import { AppError, tokenNotValid } from '../../http/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { SignedLinks } from '../files/download-tokens.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { parseRange, type ByteRange } from './http-range.js';
import { videoNotFound } from './videos.service.js';
import type { VideosRepository } from './videos.repository.js';

interface Deps {
  videos: VideosRepository;
  workspaces: WorkspacesService;
  storage: FileStorage;
  links: SignedLinks;
}

export interface VideoContent {
  stream: Readable;
  /** bytes sent */
  length: number;
  /** the whole file's size */
  size: number;
  range: ByteRange | null;
  contentType: string;
  downloadName: string;
}

const KINDS: Record<
  VideoFileKind,
  { column: 'video_key' | 'photo_key' | 'strip_key'; type: string; suffix: string }
> = {
  video: { column: 'video_key', type: 'video/mp4', suffix: '.mp4' },
  photo: { column: 'photo_key', type: 'image/jpeg', suffix: '.jpg' },
  'photo-stripe': { column: 'strip_key', type: 'image/jpeg', suffix: '-strip.jpg' },
};

/** A video's bytes by id alone: public, or with a signed link for that very video. */
export function createVideoContentService({ videos, workspaces, storage, links }: Deps) {
  return {
    async openContent(
      id: number,
      kind: VideoFileKind,
      request: { token?: string; range?: string },
    ): Promise<VideoContent> {
      const video = await videos.findVideo(id);
      const isOpenToAll = video?.is_public === 1;
      if (!isOpenToAll) {
        if (request.token === undefined) throw videoNotFound();
        const claims = await links.verify(request.token);
        if (!claims || claims.objectId !== id) {
          throw tokenNotValid('The download link is invalid or has expired.');
        }
        if (!video) throw videoNotFound();
        try {
          await workspaces.requireWorkspacePermission(
            claims.userId,
            video.workspace_id,
            'VIEW_GROUP',
          );
        } catch (error) {
          if (error instanceof AppError && error.code === 'not_found') throw videoNotFound();
          throw error;
        }
      }
      const spec = KINDS[kind];
      const key = video?.video_state === 'READY' ? video[spec.column] : null;
      if (!video || !key) throw videoNotFound();
      const size = await storage.sizeOf(key);
      if (size === null) throw videoNotFound();
      const range = kind === 'video' ? parseRange(request.range, size) : null;
      if (range === 'unsatisfiable') {
        throw new AppError(
          'range_not_satisfiable',
          'The range is past the end of the video.',
          undefined,
          {
            'content-range': `bytes */${size}`,
          },
        );
      }
      const stored = await storage.openRead(key, range ?? undefined);
      if (!stored) throw videoNotFound();
      const { stream } = stored;
      return {
        stream,
        length: range ? range.end - range.start + 1 : size,
        size,
        range,
        contentType: spec.type,
        downloadName: `${video.file_name.replace(/\.(b?gcode)$/i, '')}${spec.suffix}`,
      };
    },
  };
}

export type VideoContentService = ReturnType<typeof createVideoContentService>;
