import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { VideoCheckReason } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { PrintJobsRepository } from '../print-jobs/print-jobs.repository.js';
import { FfmpegError } from './ffmpeg.js';
import { checkTimelapse } from './failure-check.js';
import type { ClaimedEncode, VideoEncodeJobsRepository } from './video-encode-jobs.repository.js';
import { encodeTimelapse, type EncodeFrame } from './video-encoder.js';
import type { VideoEvents, VideoFailure } from './video-events.js';
import type { VideosRepository } from './videos.repository.js';

export interface VideoWorkerOptions {
  ffmpegPath: string;
  /** a claimed encode belongs to its worker this long; then another may take it over */
  leaseMs: number;
  /** ffmpeg gets this long per run */
  ffmpegTimeoutMs: number;
  /** a job claimed more often than this (its worker kept dying) fails */
  maxAttempts: number;
  /** look for due work this often even without a wake-up (delayed and taken-over jobs) */
  pollMs: number;
}

export const DEFAULT_WORKER_OPTIONS: Omit<VideoWorkerOptions, 'ffmpegPath'> = {
  leaseMs: 10 * 60_000,
  ffmpegTimeoutMs: 5 * 60_000,
  maxAttempts: 3,
  pollMs: 15_000,
};

interface Deps {
  db: Db;
  videos: VideosRepository;
  encodeJobs: VideoEncodeJobsRepository;
  printJobs: PrintJobsRepository;
  storage: FileStorage;
  clock: Clock;
  events: VideoEvents;
  options: VideoWorkerOptions;
}

async function digestFiles(files: string[]): Promise<string[]> {
  const digests: string[] = [];
  for (const file of files) {
    digests.push(
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  }
  return digests;
}

/** Why a video could not be made, in words for its page (no paths, no stack). */
function describeFailure(error: unknown): string {
  if (error instanceof FfmpegError) return error.reason;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'The disk is full.';
  if (code === 'EDQUOT') return 'The disk quota is used up.';
  return 'The video could not be made.';
}

/**
 * Drains the encode jobs in this process: claims one at a time, makes the video, stores the
 * result and the failure check in one transaction. Time comes from the clock, so tests drive it.
 */
export function createVideoWorker(deps: Deps, logger: FastifyBaseLogger) {
  const { videos, encodeJobs, storage, clock, options } = deps;
  let draining: Promise<void> | null = null;
  let isWakeQueued = false;
  let timer: NodeJS.Timeout | null = null;
  let isStopped = false;

  async function readableFrames(
    videoId: number,
  ): Promise<{ frames: EncodeFrame[]; keys: string[] }> {
    const frames: EncodeFrame[] = [];
    const keys: string[] = [];
    for (const row of await videos.listFrames(videoId)) {
      keys.push(row.storage_key);
      const file = storage.pathOf(row.storage_key);
      if (await stat(file).catch(() => null))
        frames.push({ path: file, width: row.width, height: row.height });
    }
    return { frames, keys };
  }

  async function encode(claimed: ClaimedEncode): Promise<void> {
    if (claimed.attempts > options.maxAttempts) {
      await encodeJobs.storeFailure(claimed, `Gave up after ${options.maxAttempts} attempts.`);
      return;
    }
    const video = await videos.findVideo(claimed.video_id);
    const job = await deps.printJobs.findJob(claimed.video_id);
    if (!video || !job) return;
    const { frames, keys: frameKeys } = await readableFrames(claimed.video_id);
    if (frames.length === 0) {
      await encodeJobs.storeFailure(claimed, 'No frame could be read.');
      return;
    }
    const workDir = await storage.makeWorkDir();
    const published: string[] = [];
    try {
      const result = await encodeTimelapse({
        ffmpegPath: options.ffmpegPath,
        frames,
        workDir,
        timeoutMs: options.ffmpegTimeoutMs,
      });
      const keys = {
        videoKey: storage.newKey('videos', video.workspace_id, 'mp4'),
        photoKey: storage.newKey('videos', video.workspace_id, 'jpg'),
        stripKey: storage.newKey('videos', video.workspace_id, 'jpg'),
      };
      for (const [source, key] of [
        [result.videoPath, keys.videoKey],
        [result.photoPath, keys.photoKey],
        [result.stripPath, keys.stripKey],
      ] as const) {
        await storage.publishPath(source, key);
        published.push(key);
      }
      const check = checkTimelapse({
        outcome: job.outcome,
        framesReceived: video.frames_received,
        cameraFailures: video.camera_failures,
        thumbnails: result.thumbnails,
        digests: await digestFiles(frames.map((frame) => frame.path)),
      });
      let failure: VideoFailure | null = null;
      const isStored = await deps.db.transaction().execute(async (trx) => {
        const stored = await encodeJobs.storeSuccess(trx, claimed, {
          ...keys,
          durationSec: result.durationSec,
          videoSize: result.videoSize,
          check,
        });
        if (!stored || !check.flagged) return stored;
        const row = await trx
          .selectFrom('videos')
          .selectAll()
          .where('print_job_id', '=', claimed.video_id)
          .executeTakeFirstOrThrow();
        failure = {
          video: row,
          job: { ...job, video_state: 'READY' },
          reasons: check.reasons as VideoCheckReason[],
        };
        await deps.events.runInTransaction(trx, failure);
        return true;
      });
      if (!isStored) {
        await storage.remove(published);
        return;
      }
      await storage
        .remove(frameKeys)
        .catch((error: unknown) =>
          logger.warn({ err: error, video_id: claimed.video_id }, 'timelapse frames not removed'),
        );
      if (failure) deps.events.notifyFailure(failure);
    } catch (error) {
      await storage.remove(published).catch(() => undefined);
      const reason = describeFailure(error);
      logger.warn(
        {
          video_id: claimed.video_id,
          reason,
          err: error instanceof FfmpegError ? undefined : error,
        },
        'timelapse video failed',
      );
      await encodeJobs.storeFailure(claimed, reason);
    } finally {
      await storage.removeWorkDir(workDir);
    }
  }

  async function drain(): Promise<void> {
    do {
      isWakeQueued = false;
      for (;;) {
        if (isStopped) return;
        const now = clock.now();
        const claimed = await encodeJobs.claimNext(
          now.toISOString(),
          new Date(now.getTime() + options.leaseMs).toISOString(),
        );
        if (!claimed) break;
        await encode(claimed).catch((error: unknown) =>
          logger.error({ err: error, video_id: claimed.video_id }, 'timelapse encode crashed'),
        );
      }
    } while (isWakeQueued);
  }

  return {
    /** Looks for due work now (after a job ended, or a recording was completed). */
    wake(): void {
      if (isStopped) return;
      if (draining) {
        isWakeQueued = true;
        return;
      }
      draining = drain()
        .catch((error: unknown) => logger.error({ err: error }, 'timelapse worker failed'))
        .finally(() => {
          draining = null;
        });
    },

    /** Resumes what a previous run left (pending, or claimed by a worker that died) and polls. */
    start(): void {
      this.wake();
      timer = setInterval(() => this.wake(), options.pollMs);
      timer.unref();
    },

    /** Resolves when the worker has nothing more to do right now (tests). */
    async idle(): Promise<void> {
      while (draining) await draining;
    },

    async stop(): Promise<void> {
      isStopped = true;
      if (timer) clearInterval(timer);
      while (draining) await draining;
    },
  };
}

export type VideoWorker = ReturnType<typeof createVideoWorker>;
