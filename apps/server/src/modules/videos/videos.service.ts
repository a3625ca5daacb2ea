import {
  roleHasPermission,
  type Role,
  type Video,
  type VideoListQuery,
  type VideoPage,
} from '@printdeck/shared';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { FilesRepository } from '../files/files.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { VideoPresenter } from './video-response.js';
import type { VideoWithJob, VideosRepository } from './videos.repository.js';

interface Deps {
  videos: VideosRepository;
  files: FilesRepository;
  workspaces: WorkspacesService;
  storage: FileStorage;
  presenter: VideoPresenter;
}

export const videoNotFound = () => notFound('Video does not exist.');

/** CHANGE_FILES for any video, CHANGE_UPLOADED_FILES for the caller's own print (issue 12). */
function mayChange(role: Role, video: VideoWithJob, userId: number): boolean {
  return (
    roleHasPermission(role, 'CHANGE_FILES') ||
    (video.user_id === userId && roleHasPermission(role, 'CHANGE_UPLOADED_FILES'))
  );
}

/** The workspace's timelapse videos: watch (VIEW_GROUP), make public or delete. */
export function createVideosService({ videos, files, workspaces, storage, presenter }: Deps) {
  async function getVideoOrThrow(workspaceId: number, id: number): Promise<VideoWithJob> {
    const video = await videos.findVideo(id);
    if (!video || video.workspace_id !== workspaceId) throw videoNotFound();
    return video;
  }

  async function present(rows: VideoWithJob[], userId: number, role: Role): Promise<Video[]> {
    return Promise.all(
      rows.map((row) =>
        presenter.toVideo(row, { userId, canChange: mayChange(role, row, userId) }),
      ),
    );
  }

  async function page(
    userId: number,
    role: Role,
    filter: { workspaceId: number; fileId?: number },
    query: VideoListQuery,
    basePath: string,
  ): Promise<VideoPage> {
    const { rows, hasMore, count } = await videos.listVideos({
      ...filter,
      ...(query.cursor !== undefined && { beforeId: Number(query.cursor) }),
      limit: query.limit,
    });
    const next = new URLSearchParams({
      limit: String(query.limit),
      cursor: String(rows.at(-1)?.print_job_id ?? ''),
    });
    return {
      results: await present(rows, userId, role),
      count,
      next: hasMore ? `${basePath}?${next}` : null,
    };
  }

  async function changeVideo(userId: number, workspaceId: number, id: number) {
    const role = await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
    const video = await getVideoOrThrow(workspaceId, id);
    if (!mayChange(role, video, userId)) throw forbidden();
    return { role, video };
  }

  return {
    async listVideos(userId: number, workspaceId: number, query: VideoListQuery) {
      const role = await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      return page(userId, role, { workspaceId }, query, `/api/groups/${workspaceId}/videos/`);
    },

    /** A file's videos; a file the caller cannot see is the same 404 as a missing one. */
    async listFileVideos(userId: number, fileId: number, query: VideoListQuery) {
      const file = await files.findFileById(fileId);
      if (!file) throw notFound('Gcode does not exists.');
      let role: Role;
      try {
        role = await workspaces.requireWorkspacePermission(userId, file.workspace_id, 'VIEW_GROUP');
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') {
          throw notFound('Gcode does not exists.');
        }
        throw error;
      }
      return page(
        userId,
        role,
        { workspaceId: file.workspace_id, fileId },
        query,
        `/api/files/${fileId}/videos/`,
      );
    },

    async getVideo(userId: number, workspaceId: number, id: number): Promise<Video> {
      const role = await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const video = await getVideoOrThrow(workspaceId, id);
      return presenter.toVideo(video, { userId, canChange: mayChange(role, video, userId) });
    },

    async updateVideo(
      userId: number,
      workspaceId: number,
      id: number,
      input: { is_public: boolean },
    ): Promise<Video> {
      const { role, video } = await changeVideo(userId, workspaceId, id);
      if (input.is_public && video.video_state !== 'READY') {
        throw new AppError('conflict', 'Only a finished video can be made public.');
      }
      await videos.setPublic(id, input.is_public);
      const updated = await getVideoOrThrow(workspaceId, id);
      return presenter.toVideo(updated, { userId, canChange: mayChange(role, updated, userId) });
    },

    /** The rows first, in one transaction; then the bytes. */
    async deleteVideo(userId: number, workspaceId: number, id: number): Promise<void> {
      const { video } = await changeVideo(userId, workspaceId, id);
      if (video.video_state === 'RECORDING' || video.video_state === 'ANALYZING') {
        throw new AppError('conflict', 'The video is still being made.');
      }
      const keys = await videos.deleteVideo(id);
      await storage.remove(keys).catch(() => undefined);
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
