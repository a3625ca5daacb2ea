import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { VideoCheckReason } from '@printdeck/shared';
import type { Db } from '../../db/database.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { PrintJobRow, PrintJobsRepository } from '../print-jobs/print-jobs.repository.js';
import { FfmpegError } from './ffmpeg.js';
import { checkTimelapse } from './failure-check.js';
import { defineJobKind, type JobPolicy } from '../../jobs/job-kind.js';
import { VIDEO_ENCODE, encodeKeyOf, encodePayload } from './video-encode-queue.js';
import type { VideoResultsRepository } from './video-results.repository.js';
import { encodeTimelapse, type EncodeFrame } from './video-encoder.js';
import type { VideoEvents, VideoFailure } from './video-events.js';
import type { VideosRepository, VideoWithJob } from './videos.repository.js';

export interface VideoWorkerOptions {
  ffmpegPath: string;
  /** a claimed encode belongs to its worker this long; then another may take it over */
  leaseMs: number;
  /** ffmpeg gets this long per run */
  ffmpegTimeoutMs: number;
  /** a job claimed more often than this (its worker kept dying) fails */
  maxAttempts: number;
}

export const DEFAULT_WORKER_OPTIONS: Omit<VideoWorkerOptions, 'ffmpegPath'> = {
  leaseMs: 10 * 60_000,
  ffmpegTimeoutMs: 5 * 60_000,
  maxAttempts: 3,
};

interface Deps {
  db: Db;
  videos: VideosRepository;
  results: VideoResultsRepository;
  printJobs: PrintJobsRepository;
  storage: FileStorage;
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
 * The encode job (one handler on the job runner): makes the video, stores the result and the
 * failure check in one transaction. A video already READY or FAILED is left as it is, so a
 * job taken over after its worker stored the result does nothing twice.
 */
export function createVideoEncodeJob(deps: Deps, logger: FastifyBaseLogger) {
  const { videos, results, storage, options } = deps;
  const policy: JobPolicy = {
    leaseMs: options.leaseMs,
    maxAttempts: options.maxAttempts,
    backoffMs: 30_000,
    maxBackoffMs: 10 * 60_000,
    // ffmpeg takes a core: one encode at a time per instance
    concurrency: 1,
  };

  /** The frames as local files for ffmpeg: in place on the disk, copied into `workDir` from S3. */
  async function readableFrames(
    videoId: number,
    workDir: string,
  ): Promise<{ frames: EncodeFrame[]; keys: string[] }> {
    const frames: EncodeFrame[] = [];
    const keys: string[] = [];
    for (const row of await videos.listFrames(videoId)) {
      keys.push(row.storage_key);
      const file = await storage.localPathOf(row.storage_key, workDir);
      if (file) frames.push({ path: file, width: row.width, height: row.height });
    }
    return { frames, keys };
  }

  async function encode(videoId: number): Promise<void> {
    const video = await videos.findVideo(videoId);
    const job = await deps.printJobs.findJob(videoId);
    if (!video || !job || job.video_state !== 'ANALYZING') return;
    const workDir = await storage.makeWorkDir();
    try {
      await encodeInWorkDir({ videoId, video, job, workDir });
    } finally {
      await storage.removeWorkDir(workDir);
    }
  }

  async function encodeInWorkDir({
    videoId,
    video,
    job,
    workDir,
  }: {
    videoId: number;
    video: VideoWithJob;
    job: PrintJobRow;
    workDir: string;
  }): Promise<void> {
    const { frames, keys: frameKeys } = await readableFrames(videoId, workDir);
    if (frames.length === 0) {
      await results.storeFailure(videoId, 'No frame could be read.');
      return;
    }
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
      const ready = {
        job: { ...job, video_state: 'READY' as const },
        isFlagged: check.flagged,
        durationSec: result.durationSec,
      };
      const isStored = await deps.db.transaction().execute(async (trx) => {
        const stored = await results.storeSuccess(trx, videoId, {
          ...keys,
          durationSec: result.durationSec,
          videoSize: result.videoSize,
          check,
        });
        if (stored) await deps.events.runReadyInTransaction(trx, ready);
        if (!stored || !check.flagged) return stored;
        const row = await trx
          .selectFrom('videos')
          .selectAll()
          .where('print_job_id', '=', videoId)
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
          logger.warn({ err: error, video_id: videoId }, 'timelapse frames not removed'),
        );
      deps.events.notifyReady(ready);
      if (failure) deps.events.notifyFailure(failure);
    } catch (error) {
      await storage.remove(published).catch(() => undefined);
      const reason = describeFailure(error);
      logger.warn(
        {
          video_id: videoId,
          reason,
          err: error instanceof FfmpegError ? undefined : error,
        },
        'timelapse video failed',
      );
      await results.storeFailure(videoId, reason);
    }
  }

  return defineJobKind({
    name: VIDEO_ENCODE,
    payload: encodePayload,
    policy,
    keyOf: ({ videoId }) => encodeKeyOf(videoId),
    handle: ({ videoId }) => encode(videoId),
    onGiveUp: ({ videoId }, reason) => results.storeFailure(videoId, reason),
  });
}
