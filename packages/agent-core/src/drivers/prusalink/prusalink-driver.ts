import type { DeviceCommandName, PrintFileResult } from '@printdeck/shared';
import {
  CAPABILITIES,
  CommandFailed,
  describeError,
  type Driver,
  type DriverCommand,
  type LocalPrintFile,
} from '../driver.js';
import { HostDriver, type HostDriverOptions } from '../host-driver.js';
import { asRecord, HostHttpError } from '../host-http.js';
import {
  PRUSALINK,
  PrusaLinkApi,
  PrusaLinkRefused,
  type PrusaLinkCredentials,
} from './prusalink-api.js';
import { findPrusaLinkCamera, takePrusaLinkSnapshot } from './prusalink-camera.js';
import { runPrusaLinkCommand, uploadToPrusaLink } from './prusalink-commands.js';
import { PrusaLinkJobFollower } from './prusalink-job-follower.js';
import {
  changeFromStatus,
  initialPrusaLinkModel,
  jobFilePath,
  normalisePrusaLinkState,
  type PrusaLinkModel,
} from './prusalink-state.js';

export interface PrusaLinkDriverOptions extends HostDriverOptions {
  credentials: PrusaLinkCredentials;
  /** how often `/api/v1/status` is read (default 2 s; reference §3.8 says 2–5 s) */
  pollMs?: number;
}

/**
 * A Prusa printer through PrusaLink's HTTP API v1 (reference §3). PrusaLink pushes nothing:
 * the driver polls `/api/v1/status`, one request at a time (Buddy serves 3 connections), and
 * reads `/api/v1/job` once per new job id for its file. A lost printer is unknown, never failed.
 */
export class PrusaLinkDriver extends HostDriver<PrusaLinkModel> implements Driver {
  readonly kind = 'prusalink' as const;
  /** a Prusa-Link with a camera adds `snapshot` once it is found (see `findPrusaLinkCamera`) */
  get capabilities(): readonly DeviceCommandName[] {
    return this.model.hasCamera ? [...CAPABILITIES.prusalink, 'snapshot'] : CAPABILITIES.prusalink;
  }
  readonly #api: PrusaLinkApi;
  readonly #pollMs: number;
  #poll: NodeJS.Timeout | null = null;
  #isPolling = false;
  readonly #jobs = new PrusaLinkJobFollower((event) => this.emitJobEvent(event));

  constructor(options: PrusaLinkDriverOptions) {
    super(options, initialPrusaLinkModel(options.localIpAddress), normalisePrusaLinkState);
    this.#pollMs = options.pollMs ?? 2000;
    this.#api = new PrusaLinkApi({
      url: options.url,
      credentials: options.credentials,
      timeoutMs: this.requestTimeoutMs,
      ...(options.network ? { network: options.network } : {}),
    });
  }

  protected disconnect(): void {
    if (this.#poll) clearInterval(this.#poll);
    this.#poll = null;
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.#api.close();
  }

  async run(command: DriverCommand, signal: AbortSignal): Promise<unknown> {
    this.assertReachable();
    this.#assertAccepted();
    if (command.name === 'snapshot') return takePrusaLinkSnapshot(this.#api, signal);
    const result = await runPrusaLinkCommand(this.#api, command, signal);
    void this.#read();
    return result;
  }

  async storeFile(file: LocalPrintFile, signal: AbortSignal): Promise<PrintFileResult> {
    this.assertReachable();
    this.#assertAccepted();
    const result = await uploadToPrusaLink(this.#api, file, signal);
    void this.#read();
    return result;
  }

  #assertAccepted(): void {
    if (this.model.isPermissionDenied) {
      throw new CommandFailed(
        'permission-denied',
        this.model.refusal ?? 'PrusaLink refused the login.',
      );
    }
  }

  /** One connection: `/api/version` proves the address and the login, then polling starts. */
  protected async connect(): Promise<void> {
    if (this.isStopped) return;
    try {
      const version = asRecord(await this.#api.getJson('api/version'));
      if (asRecord(version.capabilities)['upload-by-put'] !== true) {
        this.log.warn('PrusaLink without the v1 file API (upload-by-put); printing may fail', {
          firmware: String(version.firmware ?? ''),
        });
      }
      await this.#read();
      if (this.isStopped || !this.model.isReachable || this.model.isPermissionDenied) return;
      this.update({ hasCamera: await findPrusaLinkCamera(this.#api) });
      this.markConnected();
      this.disconnect();
      this.#poll = setInterval(() => void this.#read(), this.#pollMs);
      this.log.info('following PrusaLink', { url: String(version.hostname ?? '') });
    } catch (error) {
      this.#lost(error);
    }
  }

  /** Reads the status (and the job's file when a new job appears); one read at a time. */
  async #read(): Promise<void> {
    if (this.#isPolling || this.isStopped) return;
    this.#isPolling = true;
    try {
      const status = await this.#api.getJson('api/v1/status');
      const change = changeFromStatus(status, this.model.job);
      if (change.job && change.job.path === null) {
        const file = jobFilePath(await this.#api.getJson('api/v1/job'));
        if (file) change.job = { ...change.job, ...file };
      }
      this.update({ ...change, isReachable: true, isPermissionDenied: false, refusal: null });
    } catch (error) {
      this.#lost(error);
    } finally {
      this.#isPolling = false;
    }
  }

  /** A refused login is a state with its words; no answer at all is unreachable. */
  #lost(error: unknown): void {
    if (this.isStopped) return;
    if (error instanceof PrusaLinkRefused) {
      this.update({ isReachable: true, isPermissionDenied: true, refusal: error.message });
    } else if (error instanceof HostHttpError) {
      // the printer answered, only not this: keep following
      this.log.warn('PrusaLink refused a read', { reason: describeError(error) });
      if (this.#poll) return;
    } else {
      this.update({ isReachable: false });
    }
    this.disconnect();
    this.scheduleReconnect(PRUSALINK, describeError(error));
  }

  protected override afterChange(): void {
    this.#jobs.follow(this.model);
  }
}
