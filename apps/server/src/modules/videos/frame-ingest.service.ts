import { TIMELAPSE, type FrameHeaders } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { TimelapseQuota } from '../../db/schema.js';
import { AppError, fieldError, notAuthenticated, notFound } from '../../http/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { DeviceKeysService } from '../device-keys/device-keys.service.js';
import { readJpegInfo } from './jpeg-info.js';
import type { VideosRepository } from './videos.repository.js';

interface Deps {
  videos: VideosRepository;
  deviceKeys: DeviceKeysService;
  storage: FileStorage;
  clock: Clock;
  /** wakes the worker when a recording is complete */
  wakeWorker: () => void;
  /** timelapse bytes one workspace may keep (TIMELAPSE_WORKSPACE_QUOTA_GB) */
  workspaceQuotaBytes: number;
  /** frames' bytes one print may keep (TIMELAPSE.jobFrameBytesMax) */
  jobQuotaBytes: number;
}

/** Where the service says that a recording stopped (the request's logger). */
export type QuotaLog = (fields: Record<string, unknown>, message: string) => void;

const inGiB = (bytes: number) => `${Math.round((bytes / 1024 ** 3) * 1000) / 1000} GiB`;
const QUOTA_MESSAGES: Record<TimelapseQuota, (limit: number) => string> = {
  job_quota: (limit) =>
    `This print's timelapse reached its ${inGiB(limit)} of frames: the recording stopped; the video is made from the frames so far.`,
  workspace_quota: (limit) =>
    `This workspace's timelapse storage is full (${inGiB(limit)}): the recording stopped. Delete videos to record again.`,
};

const jobNotFound = () => notFound('No such print job on this device.');

/**
 * Frames from agents (issue 12): over HTTP with the device key, each bound to a job of that
 * same device that asked for a video. A frame sent twice (its answer was lost) is stored once.
 */
export function createFrameIngestService(deps: Deps) {
  const { videos, deviceKeys, storage, clock, wakeWorker, workspaceQuotaBytes } = deps;
  const limitOf = (quota: TimelapseQuota) =>
    quota === 'job_quota' ? deps.jobQuotaBytes : workspaceQuotaBytes;
  const quotaError = (quota: TimelapseQuota) =>
    new AppError('conflict', QUOTA_MESSAGES[quota](limitOf(quota)), {
      quota,
      limit_bytes: limitOf(quota),
    });

  /** Over a quota, the recording stops (once, logged) and this frame is refused. */
  async function checkQuotas(
    target: { id: number; workspace_id: number; frame_bytes: number | null },
    frameBytes: number,
    log: QuotaLog,
  ): Promise<void> {
    let over: TimelapseQuota | null = null;
    if ((target.frame_bytes ?? 0) + frameBytes > deps.jobQuotaBytes) over = 'job_quota';
    else {
      const used = await videos.workspaceTimelapseBytes(target.workspace_id);
      if (used + frameBytes > workspaceQuotaBytes) over = 'workspace_quota';
    }
    if (!over) return;
    if (await videos.stopRecording(target.id, over)) {
      log(
        { print_job_id: target.id, workspace_id: target.workspace_id, quota: over },
        'a timelapse recording stopped at its quota',
      );
    }
    throw quotaError(over);
  }

  /** The device key and the agent identity it is paired with (a copied key alone is not enough). */
  async function authenticate(
    authorization: string | undefined,
    identity: string | string[] | undefined,
  ): Promise<number> {
    const match = /^Bearer (\S{1,200})$/.exec(authorization ?? '');
    const deviceKeyId = match
      ? await deviceKeys.authenticatePairedDevice(
          match[1]!,
          typeof identity === 'string' ? identity : undefined,
        )
      : null;
    if (deviceKeyId === null) throw notAuthenticated();
    return deviceKeyId;
  }

  /** The device's own job, still taking frames. */
  async function findOpenRecording(deviceKeyId: number, jobId: number) {
    const target = await videos.findRecordingTarget(jobId);
    if (!target || target.device_key_id !== deviceKeyId) throw jobNotFound();
    if (target.make_video !== 1) {
      throw new AppError('conflict', 'This print job does not record a video.');
    }
    // Frames taken before the end may still arrive (a spool emptying) until the encode starts.
    const isOpen =
      target.video_state === null ||
      target.video_state === 'RECORDING' ||
      (target.video_state === 'ANALYZING' && target.encode_state === 'pending');
    if (!isOpen) throw new AppError('conflict', 'This video is no longer recording.');
    return target;
  }

  return {
    authenticate,

    async ingestFrame(
      deviceKeyId: number,
      headers: FrameHeaders,
      body: Buffer,
      log: QuotaLog = () => undefined,
    ): Promise<{ stored: boolean }> {
      const jobId = headers['x-printjob-id'];
      const target = await findOpenRecording(deviceKeyId, jobId);
      if (target.recording_stopped) throw quotaError(target.recording_stopped);
      if ((target.frames_received ?? 0) >= TIMELAPSE.framesPerJobMax) {
        throw new AppError('conflict', 'This video has as many frames as it may have.');
      }
      // the first frame makes the video (RECORDING); later ones find it
      if (target.frames_received === null || target.video_state === null) {
        await videos.ensureRecording(target, clock.now().toISOString());
      }
      const info = readJpegInfo(body);
      if (!info) {
        await videos.countCorruptFrame(jobId);
        throw fieldError('body', 'The frame is not a whole JPEG image.');
      }
      if (info.width * info.height > TIMELAPSE.framePixelsMax) {
        throw fieldError('body', 'The frame has more pixels than 4096 × 4096.');
      }
      const seq = headers['x-frame-seq'];
      if (await videos.hasFrame(jobId, seq)) return { stored: false };
      await checkQuotas(target, body.length, log);
      const key = storage.newKey('frames', target.workspace_id, 'jpg');
      await storage.writeObject(key, body);
      const isInserted = await videos.insertFrame(
        {
          video_id: jobId,
          seq,
          taken_on: new Date(headers['x-frame-taken-at']).toISOString(),
          storage_key: key,
          size: body.length,
          width: info.width,
          height: info.height,
        },
        { cameraFailures: headers['x-frames-failed'], dropped: headers['x-frames-dropped'] },
      );
      if (!isInserted) {
        await storage.remove([key]);
        return { stored: false };
      }
      return { stored: true };
    },

    /**
     * The agent sent every frame it had for a job that ended: the encode need not wait. Before
     * the server has the job's end (its event may come later) the answer is 409: ask again.
     */
    async completeRecording(deviceKeyId: number, jobId: number): Promise<void> {
      const target = await videos.findRecordingTarget(jobId);
      if (!target || target.device_key_id !== deviceKeyId) throw jobNotFound();
      if (target.ended_on === null) {
        throw new AppError('conflict', 'The print job has not ended here yet.');
      }
      if (await videos.hurryEncode(jobId, clock.now().toISOString())) wakeWorker();
    },
  };
}

export type FrameIngestService = ReturnType<typeof createFrameIngestService>;
