import { DEVICE_IDENTITY_HEADER } from '@printdeck/shared';
import { RetryTimer, type BackoffPolicy } from '../connection/backoff.js';
import { describeError } from '../drivers/driver.js';
import type { Logger } from '../log.js';
import type { FrameSpool, SpooledFrame } from './frame-spool.js';

export const FRAMES_PATH = '/api/device/timelapse/frames/';

export interface FrameUploaderOptions {
  /** in the server's own process: the POST answered there (its status), not over HTTP */
  post?: (
    path: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
  ) => Promise<number>;
  /** the server as the agent dialled it (http(s) or ws(s)) */
  serverUrl: string;
  deviceKey: string;
  /** the agent identity the key is paired with; the server checks it beside the key */
  identity: string;
  spool: FrameSpool;
  log: Logger;
  backoff: BackoffPolicy;
  /** snapshots the camera did not answer so far, per job */
  cameraFailures: (jobId: number) => number;
  requestTimeoutMs?: number;
}

/** `ws://host/api/device/ws` or `http://host` → `http://host` + path. */
export function serverHttpUrl(serverUrl: string, path: string): string {
  const url = new URL(serverUrl);
  url.protocol = url.protocol === 'wss:' || url.protocol === 'https:' ? 'https:' : 'http:';
  url.pathname = path;
  url.search = '';
  return url.toString();
}

/**
 * Sends spooled frames to the server, oldest first, over HTTP with the device key in the
 * Authorization header. An unreachable server is retried with backoff; a frame the server
 * refuses for good (4xx) is dropped; when an ended job's last frame is sent, the server hears
 * that the recording is complete.
 */
export class FrameUploader {
  readonly #options: FrameUploaderOptions;
  readonly #retry: RetryTimer;
  /** ended jobs whose completion the server has not heard yet */
  readonly #pendingDone = new Set<number>();
  #running: Promise<void> | null = null;
  #isKickQueued = false;
  #isStopped = false;
  refused = 0;
  #lastRefusal = '';
  sent = 0;

  constructor(options: FrameUploaderOptions) {
    this.#options = options;
    this.#retry = new RetryTimer(options.backoff);
  }

  /** Sends what waits, now (a new frame, the server came back). */
  kick(): void {
    if (this.#isStopped) return;
    if (this.#running) {
      this.#isKickQueued = true;
      return;
    }
    this.#retry.cancel();
    this.#running = this.#drain().finally(() => {
      this.#running = null;
      if (this.#isKickQueued) {
        this.#isKickQueued = false;
        if (!this.#retry.isScheduled) this.kick();
      }
    });
  }

  /** The job ended: once its last frame is sent, the server hears that it has them all. */
  markEnded(jobId: number): void {
    this.#pendingDone.add(jobId);
    this.kick();
  }

  async stop(): Promise<void> {
    this.#isStopped = true;
    this.#retry.cancel();
    await this.#running;
  }

  /** Resolves once nothing is being sent. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    const { spool } = this.#options;
    for (let isFirst = true; ; isFirst = false) {
      if (this.#isStopped) return;
      const frame = spool.oldest();
      // completions are asked for when a drain starts and once the frames are all sent
      if (isFirst || !frame) {
        const completion = await this.#completeEndedJobs();
        if (completion === 'unreachable') return this.#retryLater();
        if (!frame) {
          if (completion === 'waiting') this.#retryLater();
          else this.#retry.reset();
          return;
        }
      }
      if ((await this.#send(frame)) === 'retry') return this.#retryLater();
    }
  }

  /** Ended jobs whose frames are all sent: the server hears it (it may not have the end yet). */
  async #completeEndedJobs(): Promise<'done' | 'waiting' | 'unreachable'> {
    let outcome: 'done' | 'waiting' = 'done';
    for (const jobId of [...this.#pendingDone]) {
      if (this.#options.spool.hasFramesOf(jobId)) continue;
      const status = await this.#post(`/api/device/timelapse/${jobId}/done/`, {}, undefined);
      if (status === null || status >= 500 || status === 429) return 'unreachable';
      // 409: the job's end has not reached the server yet; any other answer settles it
      if (status === 409) outcome = 'waiting';
      else this.#pendingDone.delete(jobId);
    }
    return outcome;
  }

  #retryLater(): void {
    this.#retry.schedule(() => this.kick());
  }

  async #send(frame: SpooledFrame): Promise<'next' | 'retry'> {
    const { spool, log } = this.#options;
    let data: Buffer;
    try {
      data = await spool.read(frame);
    } catch {
      await spool.remove(frame);
      return 'next';
    }
    const status = await this.#post(
      FRAMES_PATH,
      {
        'content-type': 'image/jpeg',
        'x-printjob-id': String(frame.jobId),
        'x-frame-seq': String(frame.seq),
        'x-frame-taken-at': new Date(frame.takenAt).toISOString(),
        'x-frames-failed': String(this.#options.cameraFailures(frame.jobId)),
        'x-frames-dropped': String(spool.droppedFor(frame.jobId)),
      },
      data,
    );
    if (status === null || status >= 500 || status === 429 || status === 401) return 'retry';
    if (status >= 400) {
      this.refused += 1;
      log.warn('the server refused a timelapse frame', {
        job_id: frame.jobId,
        seq: frame.seq,
        status,
        answer: this.#lastRefusal,
      });
    } else {
      this.sent += 1;
      this.#retry.reset();
    }
    await spool.remove(frame);
    return 'next';
  }

  async #post(
    path: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
  ): Promise<number | null> {
    if (this.#options.post) {
      return this.#options.post(path, headers, body).catch((error: unknown) => {
        this.#options.log.warn('a timelapse frame was not taken in', {
          error: error instanceof Error ? error.message : String(error),
        });
        return null;
      });
    }
    try {
      const response = await fetch(serverHttpUrl(this.#options.serverUrl, path), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.#options.deviceKey}`,
          [DEVICE_IDENTITY_HEADER]: this.#options.identity,
          ...headers,
        },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(this.#options.requestTimeoutMs ?? 15_000),
      });
      if (response.status >= 400 && response.status < 500) {
        const text = (await response.text()).slice(0, 300);
        this.#lastRefusal = text;
      } else {
        await response.body?.cancel();
      }
      return response.status;
    } catch (error) {
      this.#options.log.debug('timelapse upload failed', { reason: describeError(error) });
      return null;
    }
  }
}
