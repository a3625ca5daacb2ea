import type { FastifyBaseLogger } from 'fastify';
import { PUBLIC_PROFILE_FILES_MAX, TIMELAPSE, type PublicVideo } from '@printdeck/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { JobsRepository } from '../jobs/jobs.repository.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { DeviceKeysService } from '../modules/device-keys/device-keys.service.js';
import { createSignedLinks } from '../modules/files/download-tokens.js';
import type { FilesRepository } from '../modules/files/files.repository.js';
import type { PrintJobsRepository } from '../modules/print-jobs/print-jobs.repository.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';
import { resolveFfmpegPath } from '../modules/videos/ffmpeg.js';
import { createFrameIngestService } from '../modules/videos/frame-ingest.service.js';
import { createVideoContentService } from '../modules/videos/video-content.service.js';
import { createVideoEvents } from '../modules/videos/video-events.js';
import { createVideoRecordingHooks } from '../modules/videos/video-recording.js';
import { createVideoPresenter } from '../modules/videos/video-response.js';
import {
  DEFAULT_WORKER_OPTIONS,
  createVideoEncodeJob,
  type VideoWorkerOptions,
} from '../modules/videos/video-encode-job.js';
import { createVideoResultsRepository } from '../modules/videos/video-results.repository.js';
import { createVideosRepository } from '../modules/videos/videos.repository.js';
import { createVideosService } from '../modules/videos/videos.service.js';

export const VIDEO_LINK = {
  audience: 'printdeck-video-download',
  type: 'video-download',
  claim: 'vid',
  ttlSeconds: TIMELAPSE.linkTtlSeconds,
} as const;

export interface VideoSettings {
  ffmpegPath: string | undefined;
  /** how long an ended job's encode waits for frames still on their way (default 60 s) */
  frameGraceMs?: number;
  worker?: Partial<Omit<VideoWorkerOptions, 'ffmpegPath'>>;
  /** TIMELAPSE_WORKSPACE_QUOTA_GB in bytes (default 50 GiB) */
  workspaceQuotaBytes?: number;
  /** tests: frames' bytes per print (default TIMELAPSE.jobFrameBytesMax) */
  jobQuotaBytes?: number;
}

/** Timelapse videos: the part of the composition root that records, encodes and serves them. */
export function createVideoServices(deps: {
  db: Db;
  clock: Clock;
  jwtSecret: string;
  storage: FileStorage;
  workspaces: WorkspacesService;
  files: FilesRepository;
  printJobs: PrintJobsRepository;
  deviceKeys: DeviceKeysService;
  jobs: JobsRepository;
  /** wakes the job runner (it exists once the workers start) */
  wakeJobs: () => void;
  settings: VideoSettings;
}) {
  const { db, clock, storage, workspaces } = deps;
  const videos = createVideosRepository(db, deps.jobs);
  const links = createSignedLinks(deps.jwtSecret, clock, VIDEO_LINK);
  const events = createVideoEvents();
  const presenter = createVideoPresenter(links);
  const wakeWorker = deps.wakeJobs;

  return {
    /** "a print job ended": the video closes and gets its encode job (event-wiring.ts) */
    recording: createVideoRecordingHooks({
      videos,
      clock,
      frameGraceMs: deps.settings.frameGraceMs ?? 60_000,
      wakeWorker,
    }),
    videos: createVideosService({
      videos,
      files: deps.files,
      workspaces,
      storage,
      presenter,
    }),
    videoContent: createVideoContentService({ videos, workspaces, storage, links }),
    frames: createFrameIngestService({
      videos,
      deviceKeys: deps.deviceKeys,
      storage,
      clock,
      wakeWorker,
      workspaceQuotaBytes: deps.settings.workspaceQuotaBytes ?? 50 * 1024 ** 3,
      jobQuotaBytes: deps.settings.jobQuotaBytes ?? TIMELAPSE.jobFrameBytesMax,
    }),
    /** "video failure": notifications subscribe here */
    events,
    /** The newest public, finished videos of a workspace, for its public profile. */
    async listPublicVideos(workspaceId: number): Promise<PublicVideo[]> {
      const { rows } = await videos.listVideos({
        workspaceId,
        isPublic: true,
        limit: PUBLIC_PROFILE_FILES_MAX,
      });
      return rows.map((row) => presenter.toPublicVideo(row));
    },

    /** The encode job, a handler on the job runner. */
    createEncodeJob(logger: FastifyBaseLogger) {
      return createVideoEncodeJob(
        {
          db,
          videos,
          results: createVideoResultsRepository(db),
          printJobs: deps.printJobs,
          storage,
          events,
          options: {
            ...DEFAULT_WORKER_OPTIONS,
            ...deps.settings.worker,
            ffmpegPath: resolveFfmpegPath(deps.settings.ffmpegPath),
          },
        },
        logger,
      );
    },
  };
}
