import type { DeviceState } from '@printdeck/shared';
import type { BackoffPolicy } from '../connection/backoff.js';
import { describeError, type Driver } from '../drivers/driver.js';
import type { Logger } from '../log.js';
import { FrameSpool } from './frame-spool.js';
import { FrameUploader, type FrameUploaderOptions } from './frame-uploader.js';

export interface TimelapseOptions {
  /** in the server's own process: frames handed over there (FrameUploaderOptions.post) */
  post?: FrameUploaderOptions['post'];
  driver: Pick<Driver, 'run' | 'getState'>;
  serverUrl: string;
  deviceKey: string;
  /** the agent identity the device key is paired with */
  identity: string;
  /** the spool's folder, this agent's own */
  dir: string;
  log: Logger;
  intervalMs: number;
  spoolMaxBytes: number;
  backoff: BackoffPolicy;
}

export interface TimelapseStats {
  captured: number;
  waiting: number;
  sent: number;
  refused: number;
  dropped: number;
  cameraFailures: number;
}

interface Recording {
  jobId: number;
  seq: number;
  hasSeenPrinting: boolean;
}

/** a camera slower than this counts as not answering */
const SNAPSHOT_TIMEOUT_MS = 10_000;

const isRunning = (state: DeviceState) => {
  const f = state.state.flags;
  return f.printing || f.paused || f.pausing || f.resuming || f.cancelling || f.finishing;
};

/**
 * Records a timelapse while a job started with make_video prints (issue 12): a frame from the
 * printer's camera every `intervalMs` while it prints (not while paused), through the driver's
 * own snapshot command, into the spool; the uploader takes them to the server.
 */
export class TimelapseRecorder {
  readonly #options: TimelapseOptions;
  readonly #spool: FrameSpool;
  readonly #uploader: FrameUploader;
  /** failed snapshots per job, sent with each of its frames */
  readonly #failures = new Map<number, number>();
  #recording: Recording | null = null;
  #timer: NodeJS.Timeout | null = null;
  /** the snapshot being taken, if any: a job's end waits for its last frame */
  #inFlight: Promise<void> | null = null;
  #captured = 0;
  #cameraFailures = 0;

  constructor(options: TimelapseOptions) {
    this.#options = options;
    this.#spool = new FrameSpool(options.dir, options.spoolMaxBytes);
    this.#uploader = new FrameUploader({
      serverUrl: options.serverUrl,
      deviceKey: options.deviceKey,
      identity: options.identity,
      ...(options.post ? { post: options.post } : {}),
      spool: this.#spool,
      log: options.log,
      backoff: options.backoff,
      cameraFailures: (jobId) => this.#failures.get(jobId) ?? 0,
    });
    // frames an earlier run left behind
    if (this.#spool.size > 0) this.#uploader.kick();
  }

  stats(): TimelapseStats {
    return {
      captured: this.#captured,
      waiting: this.#spool.size,
      sent: this.#uploader.sent,
      refused: this.#uploader.refused,
      dropped: this.#spool.dropped,
      cameraFailures: this.#cameraFailures,
    };
  }

  get recordingJobId(): number | null {
    return this.#recording?.jobId ?? null;
  }

  get spool(): FrameSpool {
    return this.#spool;
  }

  get uploader(): FrameUploader {
    return this.#uploader;
  }

  /** The printer started job `jobId` with make_video. */
  record(jobId: number): void {
    if (this.#recording?.jobId === jobId) return;
    this.end();
    this.#recording = { jobId, seq: 0, hasSeenPrinting: false };
    this.#failures.set(jobId, 0);
    this.#timer = setInterval(() => void this.#capture(), this.#options.intervalMs);
    this.#options.log.info('recording a timelapse', { job_id: jobId });
    this.onState(this.#options.driver.getState());
  }

  /** Follows the printer: the first sight of printing takes a frame; idle again ends the job. */
  onState(state: DeviceState): void {
    const recording = this.#recording;
    if (!recording) return;
    if (state.state.flags.printing && !recording.hasSeenPrinting) {
      recording.hasSeenPrinting = true;
      void this.#capture();
    } else if (recording.hasSeenPrinting && state.is_paired && !isRunning(state)) {
      this.end();
    }
  }

  /** The job ended (the printer said so, or it is idle again). */
  end(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    const recording = this.#recording;
    this.#recording = null;
    if (!recording) return;
    this.#options.log.info('timelapse recorded', {
      job_id: recording.jobId,
      frames: recording.seq,
    });
    // a frame being taken still belongs to the job: the server hears "complete" after it
    const markEnded = () => this.#uploader.markEnded(recording.jobId);
    if (this.#inFlight) void this.#inFlight.finally(markEnded);
    else markEnded();
  }

  /** The server can be reached again: send what waits at once. */
  onOnline(): void {
    this.#uploader.kick();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#recording = null;
    await this.#inFlight;
    await this.#uploader.stop();
  }

  #capture(): Promise<void> {
    const recording = this.#recording;
    if (!recording || this.#inFlight) return Promise.resolve();
    if (!this.#options.driver.getState().state.flags.printing) return Promise.resolve();
    this.#inFlight = this.#takeFrame(recording).finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }

  async #takeFrame(recording: Recording): Promise<void> {
    try {
      const timeoutMs = SNAPSHOT_TIMEOUT_MS;
      const result = (await this.#options.driver.run(
        { name: 'snapshot' },
        AbortSignal.timeout(timeoutMs),
      )) as { content_type: string; data_base64: string };
      if (result.content_type !== 'image/jpeg') throw new Error('the camera sent no JPEG');
      await this.#spool.add({
        jobId: recording.jobId,
        seq: recording.seq++,
        takenAt: Date.now(),
        data: Buffer.from(result.data_base64, 'base64'),
      });
      this.#captured += 1;
      this.#uploader.kick();
    } catch (error) {
      this.#cameraFailures += 1;
      this.#failures.set(recording.jobId, (this.#failures.get(recording.jobId) ?? 0) + 1);
      this.#options.log.debug('timelapse snapshot failed', { reason: describeError(error) });
    }
  }
}
