import type { DeviceCommandName, DeviceDriver, PrintFileResult } from '@printdeck/shared';
import {
  CAPABILITIES,
  describeError,
  type Driver,
  type DriverCommand,
  type LocalPrintFile,
} from '../driver.js';
import { HostDriver, type HostDriverOptions } from '../host-driver.js';
import { asRecord, HostHttpError } from '../host-http.js';
import { OctoPrintApi } from './octoprint-api.js';
import { runOctoPrintCommand, uploadToOctoPrint } from './octoprint-commands.js';
import { openPushSocket, type PushSocket } from './octoprint-push.js';
import {
  normaliseOctoPrintState,
  OCTOPRINT,
  OCTOPRINT_JOB_EVENTS,
  toReading,
  type OctoPrintModel,
} from './octoprint-state.js';

export interface OctoPrintDriverOptions extends HostDriverOptions {
  apiKey: string;
  /** `pill` for the vendor's device: OctoPrint plus its LED and camera */
  kind?: Extract<DeviceDriver, 'octoprint' | 'pill'>;
  hasLed?: boolean;
  hasCamera?: boolean;
  /** a push socket silent this long counts as lost (default 10 s; OctoPrint sends every 0.5 s) */
  staleMs?: number;
}

/**
 * OctoPrint through its REST API and push socket (reference A). REST reads the state once per
 * connection and runs commands; the push socket keeps the state current. A lost OctoPrint is
 * retried with backoff and reported as unknown, never as a failed job.
 */
export class OctoPrintDriver extends HostDriver<OctoPrintModel> implements Driver {
  readonly kind: Extract<DeviceDriver, 'octoprint' | 'pill'>;
  readonly capabilities: readonly DeviceCommandName[];
  readonly #options: OctoPrintDriverOptions;
  readonly #api: OctoPrintApi;
  #push: PushSocket | null = null;

  constructor(options: OctoPrintDriverOptions) {
    super(options, initialModel(options), normaliseOctoPrintState);
    this.#options = options;
    this.kind = options.kind ?? 'octoprint';
    this.capabilities = CAPABILITIES[this.kind];
    this.#api = new OctoPrintApi({
      url: options.url,
      apiKey: options.apiKey,
      timeoutMs: this.requestTimeoutMs,
      onForbidden: () => this.#onForbidden(),
    });
  }

  protected disconnect(): void {
    this.#push?.close();
    this.#push = null;
  }

  /** The OctoPrint API key kept by the workspace; used at once, as OctoPrint refused none yet. */
  useApiKey(apiKey: string): void {
    if (this.#api.apiKey === apiKey) return;
    this.#api.setApiKey(apiKey);
    this.reconnectNow();
  }

  async run(command: DriverCommand, signal: AbortSignal): Promise<unknown> {
    this.assertReachable();
    return runOctoPrintCommand(command, {
      api: this.#api,
      signal,
      hasLed: this.model.led.isSupported,
      isPsuInstalled: this.model.psu.isInstalled,
      isOperational: this.getState().state.flags.operational,
      onLedChanged: (isOn) => this.update({ led: { isSupported: true, isOn } }),
    });
  }

  async storeFile(file: LocalPrintFile, signal: AbortSignal): Promise<PrintFileResult> {
    this.assertReachable();
    return uploadToOctoPrint(this.#api, file, signal);
  }

  /** One connection: read the state over REST, then follow the push socket until it ends. */
  protected async connect(): Promise<void> {
    if (this.isStopped) return;
    try {
      const user = asRecord(await this.#api.get('api/currentuser'));
      if (user.name === null || user.name === undefined) {
        this.update({ isReachable: true, isPermissionDenied: true });
        this.scheduleReconnect(OCTOPRINT, 'OctoPrint refused the API key');
        return;
      }
      await this.#readState();
      const login = asRecord(await this.#api.post('api/login', { passive: true }));
      this.#push = await openPushSocket({
        baseUrl: this.#options.url,
        auth: `${String(login.name)}:${String(login.session)}`,
        staleMs: this.#options.staleMs ?? 10_000,
        log: this.log,
        onMessage: (message) => this.#onPush(message),
        onClose: (reason) => this.#lost(reason),
      });
      if (this.isStopped) this.#push.close();
      this.markConnected();
      this.log.info('following OctoPrint', { url: this.#options.url });
    } catch (error) {
      this.#lost(describeError(error), error);
    }
  }

  /** The push socket or a request failed: without an HTTP answer, OctoPrint is unreachable. */
  #lost(reason: string, error?: unknown): void {
    this.#push = null;
    if (this.isStopped) return;
    if (!(error instanceof HostHttpError)) this.update({ isReachable: false });
    this.scheduleReconnect(OCTOPRINT, reason);
  }

  /** A 403 at any time: the key was revoked or changed; check it again from the start. */
  #onForbidden(): void {
    this.update({ isReachable: true, isPermissionDenied: true });
    if (!this.#push) return;
    this.#push.close();
    this.#push = null;
    this.scheduleReconnect(OCTOPRINT, 'OctoPrint refused the API key');
  }

  /** `/api/job` always answers; `/api/printer` only while operational (409 otherwise, C.3.1). */
  async #readState(): Promise<void> {
    const job = asRecord(await this.#api.get('api/job'));
    const printer = await this.#optional('api/printer?exclude=sd', [409]);
    const psu = await this.#optional('api/plugin/psucontrol', [404]);
    const settings = await this.#optional('api/settings', []);
    const printerState = asRecord(printer?.state);
    const temperature = asRecord(printer?.temperature);
    const webcam = asRecord(settings?.webcam);
    this.update({
      isReachable: true,
      isPermissionDenied: false,
      stateText: typeof printerState.text === 'string' ? printerState.text : String(job.state),
      flags: printer ? asRecord(printerState.flags) : null,
      job: job.job,
      progress: job.progress,
      temperature: { tool0: toReading(temperature.tool0), bed: toReading(temperature.bed) },
      psu: { isInstalled: psu !== null, isOn: psu ? psu.isPSUOn === true : null },
      hasCamera:
        this.#options.hasCamera ??
        (webcam.webcamEnabled === true && Boolean(webcam.snapshotWebcam || webcam.snapshotUrl)),
    });
  }

  /** A read that may answer with one of `absent` statuses: then null. */
  async #optional(path: string, absent: number[]): Promise<Record<string, unknown> | null> {
    try {
      return asRecord(await this.#api.get(path));
    } catch (error) {
      if (error instanceof HostHttpError && absent.includes(error.status)) return null;
      throw error;
    }
  }

  #onPush(message: Record<string, unknown>): void {
    const data = asRecord(message.current ?? message.history);
    if (Object.keys(data).length > 0) this.#applyCurrent(data);
    const event = asRecord(message.event);
    if (typeof event.type === 'string') this.#onEvent(event.type, asRecord(event.payload));
    const plugin = asRecord(message.plugin);
    if (plugin.plugin === 'psucontrol') {
      const isOn = asRecord(plugin.data).isPSUOn;
      if (typeof isOn === 'boolean') this.update({ psu: { isInstalled: true, isOn } });
    }
  }

  /** `current`/`history`: state, job and progress as REST has them; temps as timed points. */
  #applyCurrent(data: Record<string, unknown>): void {
    const state = asRecord(data.state);
    const temps = Array.isArray(data.temps) ? data.temps : [];
    const last = asRecord(temps[temps.length - 1]);
    this.update({
      isReachable: true,
      ...(typeof state.text === 'string'
        ? { stateText: state.text, flags: asRecord(state.flags) }
        : {}),
      ...('job' in data ? { job: data.job } : {}),
      ...('progress' in data ? { progress: data.progress } : {}),
      ...(temps.length > 0
        ? { temperature: { tool0: toReading(last.tool0), bed: toReading(last.bed) } }
        : {}),
    });
  }

  #onEvent(type: string, payload: Record<string, unknown>): void {
    const name = OCTOPRINT_JOB_EVENTS[type];
    if (!name) return;
    const reason = payload.error ?? payload.reason;
    this.emitJobEvent({
      name,
      path: typeof payload.path === 'string' ? payload.path : null,
      ...(typeof reason === 'string' && name === 'job_failed' ? { reason } : {}),
    });
  }
}

function initialModel(options: OctoPrintDriverOptions): OctoPrintModel {
  return {
    isReachable: false,
    isPermissionDenied: false,
    stateText: null,
    flags: null,
    job: null,
    progress: null,
    temperature: { tool0: null, bed: null },
    psu: { isInstalled: false, isOn: null },
    hasCamera: options.hasCamera ?? false,
    led: { isSupported: options.hasLed ?? false, isOn: null },
    localIpAddress: options.localIpAddress,
  };
}
