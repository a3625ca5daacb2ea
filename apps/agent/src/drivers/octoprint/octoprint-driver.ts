import type { DeviceCommandName, DeviceDriver, PrintFileResult } from '@printdeck/shared';
import {
  CAPABILITIES,
  CommandFailed,
  describeError,
  type Driver,
  type DriverCommand,
  type LocalPrintFile,
} from '../driver.js';
import { HostDriver, type HostDriverOptions } from '../host-driver.js';
import { numberOrNull } from '../device-state.js';
import { asRecord, boundDeviceText, HostHttpError } from '../host-http.js';
import { JobTracker, type TrackedJob } from '../job-tracker.js';
import { OctoPrintApi } from './octoprint-api.js';
import { runOctoPrintCommand, uploadToOctoPrint } from './octoprint-commands.js';
import { openPushSocket, type PushSocket } from './octoprint-push.js';
import {
  JOB_END_OUTCOMES,
  normaliseFlags,
  normaliseOctoPrintState,
  printerErrorText,
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
  /**
   * a push socket with no frame (message or pong) this long counts as lost (default 10 s). The
   * agent pings it: OctoPrint sends no `current` at all while it is not connected to its printer.
   */
  staleMs?: number;
  /** how often the key and OctoPrint's connection are checked over REST (default 3 s) */
  checkMs?: number;
  /** how long a typed command waits for the printer to say it does not know it (default 1 s) */
  answerMs?: number;
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
  /** the push socket accepted the session (its `history` came): events reach the agent */
  #isFollowing = false;
  #check: NodeJS.Timeout | null = null;
  /** terminal lines the push socket brings while typed commands wait for an answer */
  readonly #terminalListeners = new Set<(line: string) => void>();
  #isCheckingKey = false;
  readonly #jobs = new JobTracker();
  /** whether OctoPrint's own state last showed a print (an event can run ahead of it) */
  #wasShownActive = false;

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
      ...(options.network ? { network: options.network } : {}),
    });
  }

  /** True once OctoPrint pushes to the agent; until then events may pass unseen. */
  get isFollowing(): boolean {
    return this.#isFollowing;
  }

  protected disconnect(): void {
    this.#isFollowing = false;
    this.#push?.close();
    this.#push = null;
    if (this.#check) clearInterval(this.#check);
    this.#check = null;
  }

  /** The OctoPrint API key kept by the workspace; used at once, as OctoPrint refused none yet. */
  useApiKey(apiKey: string): void {
    if (this.#api.apiKey === apiKey) return;
    this.#api.setApiKey(apiKey);
    this.reconnectNow();
  }

  async run(command: DriverCommand, signal: AbortSignal): Promise<unknown> {
    this.assertReachable();
    if (command.name === 'send_command') return this.#sendCommands(command, signal);
    return runOctoPrintCommand(command, this.#commandContext(signal));
  }

  /**
   * Typed G-code: OctoPrint answers 204 to anything (reference A.3.7); the printer's own answer
   * comes only as a terminal line. A printer that says it does not know a command
   * (`echo:Unknown command: "FOO"`) fails it with those words; silence within `answerMs` is
   * taken as accepted.
   */
  async #sendCommands(
    command: Extract<DriverCommand, { name: 'send_command' }>,
    signal: AbortSignal,
  ): Promise<unknown> {
    let answer: string | null = null;
    let heard: () => void = () => undefined;
    const isHeard = new Promise<void>((resolve) => (heard = resolve));
    const listener = (line: string) => {
      const text = line.replace(/^Recv:\s*/, '');
      if (command.commands.some((sent) => text.includes(sent.trim().split(/\s+/)[0] ?? ''))) {
        answer ??= text;
        heard();
      }
    };
    this.#terminalListeners.add(listener);
    try {
      await runOctoPrintCommand(command, this.#commandContext(signal));
      const wait = new Promise((resolve) => setTimeout(resolve, this.#options.answerMs ?? 1000));
      await Promise.race([isHeard, wait]);
    } finally {
      this.#terminalListeners.delete(listener);
    }
    if (answer !== null) {
      throw new CommandFailed(
        'invalid-command',
        `The printer answered: ${boundDeviceText(answer)}`,
      );
    }
    return null;
  }

  #commandContext(signal: AbortSignal) {
    return {
      api: this.#api,
      signal,
      hasLed: this.model.led.isSupported,
      isPsuInstalled: this.model.psu.isInstalled,
      isOperational: this.getState().state.flags.operational,
      hasCamera: this.model.hasCamera,
      onLedChanged: (isOn: boolean) => this.update({ led: { isSupported: true, isOn } }),
    };
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
        ...(this.#options.network ? { network: this.#options.network } : {}),
        auth: `${String(login.name)}:${String(login.session)}`,
        staleMs: this.#options.staleMs ?? 10_000,
        log: this.log,
        onMessage: (message) => this.#onPush(message),
        onClose: (reason) => this.#lost(reason),
      });
      if (this.isStopped) this.#push.close();
      this.#startChecks();
      this.markConnected();
      this.log.info('following OctoPrint', { url: this.#options.url });
    } catch (error) {
      this.#lost(describeError(error), error);
    }
  }

  /**
   * Every few seconds, one cheap authenticated read that real OctoPrint always answers: a
   * revoked key shows within seconds (the push socket keeps its session and would not tell),
   * and a printer OctoPrint closed meanwhile reads as closed. Never from state traffic.
   */
  #startChecks(): void {
    if (this.#check) clearInterval(this.#check);
    this.#check = setInterval(() => void this.#checkConnection(), this.#options.checkMs ?? 3000);
  }

  async #checkConnection(): Promise<void> {
    try {
      const current = asRecord(asRecord(await this.#api.get('api/connection')).current);
      const flags = normaliseFlags(this.model.stateText ?? '', this.model.flags);
      // OctoPrint clears its job data on close (printer/standard.py `_setJobData(None…)`)
      if (current.state === 'Closed' && flags.operational) {
        this.update({ stateText: 'Offline', flags: null, job: null, progress: null });
      }
    } catch (error) {
      // a refused key is handled by onForbidden; no answer ends the push socket's watch too
      if (!(error instanceof HostHttpError) && this.#push) {
        this.#push.close();
        this.#lost(describeError(error), error);
      }
    }
  }

  /** The push socket or a request failed: without an HTTP answer, OctoPrint is unreachable. */
  #lost(reason: string, error?: unknown): void {
    this.#push = null;
    this.#isFollowing = false;
    if (this.#check) clearInterval(this.#check);
    this.#check = null;
    if (this.isStopped) return;
    if (!(error instanceof HostHttpError)) this.update({ isReachable: false });
    this.scheduleReconnect(OCTOPRINT, reason);
  }

  /**
   * A 403 or a CSRF 400 at any time: the key may have been revoked, or it only lacks one
   * permission. `/api/currentuser` (no permission needed) tells: a revoked key reads as
   * anonymous; then the printer shows permission denied and the agent starts over.
   */
  #onForbidden(): void {
    if (this.#isCheckingKey) return;
    this.#isCheckingKey = true;
    void this.#api
      .get('api/currentuser')
      .then((user) => {
        if (asRecord(user).name !== null && asRecord(user).name !== undefined) return;
        this.update({ isReachable: true, isPermissionDenied: true });
        if (!this.#push) return;
        this.disconnect();
        this.scheduleReconnect(OCTOPRINT, 'OctoPrint refused the API key');
      })
      .catch(() => undefined)
      .finally(() => (this.#isCheckingKey = false));
  }

  /** `/api/job` always answers; `/api/printer` only while operational (409 otherwise, C.3.1). */
  async #readState(): Promise<void> {
    const job = asRecord(await this.#api.get('api/job'));
    const printer = await this.#optional('api/printer?exclude=sd', [409]);
    const psu = await this.#optional('api/plugin/psucontrol', [404]);
    const settings = await this.#optional('api/settings', []);
    const printerState = asRecord(printer?.state);
    const temperature = asRecord(printer?.temperature);
    const hasCamera = this.#options.hasCamera ?? (await this.#probeCamera(settings));
    this.update({
      isReachable: true,
      isPermissionDenied: false,
      stateText: typeof printerState.text === 'string' ? printerState.text : String(job.state),
      flags: printer ? asRecord(printerState.flags) : null,
      job: job.job,
      progress: job.progress,
      error: typeof job.error === 'string' ? job.error : printerErrorText(printerState.error),
      temperature: { tool0: toReading(temperature.tool0), bed: toReading(temperature.bed) },
      psu: { isInstalled: psu !== null, isOn: psu ? psu.isPSUOn === true : null },
      hasCamera,
    });
  }

  /**
   * A camera only when OctoPrint has a webcam that can take snapshots and one snapshot works: a
   * stock OctoPrint lists the classic webcam with a snapshot URL nothing answers, and its
   * `/downloads/camera/current` is then an HTML 500 (reference A.3.10).
   */
  async #probeCamera(settings: Record<string, unknown> | null): Promise<boolean> {
    const webcam = asRecord(settings?.webcam);
    const webcams = Array.isArray(webcam.webcams) ? webcam.webcams.map(asRecord) : [];
    const canSnapshot =
      webcam.webcamEnabled !== false &&
      (webcams.some((cam) => cam.canSnapshot === true) ||
        (webcams.length === 0 && Boolean(webcam.snapshotUrl)));
    if (!canSnapshot) return false;
    try {
      const response = await this.#api.fetch({ path: 'downloads/camera/current' });
      const type = response.headers.get('content-type') ?? '';
      await response.body?.cancel();
      return type.startsWith('image/');
    } catch {
      return false;
    }
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
    if (message.history) this.#isFollowing = true;
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
    if (Array.isArray(data.logs) && this.#terminalListeners.size > 0) {
      for (const line of data.logs)
        if (typeof line === 'string')
          for (const listener of this.#terminalListeners) listener(line);
    }
    const state = asRecord(data.state);
    const temps = Array.isArray(data.temps) ? data.temps : [];
    const last = asRecord(temps[temps.length - 1]);
    this.update({
      isReachable: true,
      ...(typeof state.text === 'string'
        ? {
            stateText: state.text,
            flags: asRecord(state.flags),
            error: printerErrorText(state.error),
          }
        : {}),
      ...('job' in data ? { job: data.job } : {}),
      ...('progress' in data ? { progress: data.progress } : {}),
      ...(temps.length > 0
        ? { temperature: { tool0: toReading(last.tool0), bed: toReading(last.bed) } }
        : {}),
    });
  }

  /** Push events (PrintStarted/Done/Failed/Cancelled) with the job's identity. */
  #onEvent(type: string, payload: Record<string, unknown>): void {
    const name = OCTOPRINT_JOB_EVENTS[type];
    if (!name) return;
    const path = typeof payload.path === 'string' ? payload.path : null;
    const reason = payload.error ?? payload.reason;
    let job: TrackedJob | null;
    if (name === 'job_started') job = path ? this.#jobs.observeActive(path, 0, false) : null;
    else job = this.#jobs.end(JOB_END_OUTCOMES[name]) ?? this.#jobs.matching(path);
    this.emitJobEvent({
      name,
      path: path ?? job?.path ?? null,
      ...(job ? { startedAt: job.startedAt } : {}),
      ...(typeof reason === 'string' && name === 'job_failed'
        ? { reason: boundDeviceText(reason) }
        : {}),
    });
    this.update({ tracked: this.#jobs.current ? { ...this.#jobs.current } : null });
  }

  /** Follows the printer's job from every state: its identity, and an end without an event. */
  protected override afterChange(): void {
    if (!this.model.isReachable || this.model.isPermissionDenied) return;
    const flags = normaliseFlags(this.model.stateText ?? '', this.model.flags);
    const file = asRecord(asRecord(this.model.job).file);
    const path = typeof file.path === 'string' && file.path ? file.path : null;
    const progress = asRecord(this.model.progress);
    const isActive = flags.printing || flags.paused || flags.pausing || flags.cancelling;
    if (isActive && path) {
      this.#jobs.observeActive(path, numberOrNull(progress.printTime), flags.paused);
    } else if (!isActive && this.#wasShownActive && this.#jobs.isActive()) {
      // the state went from a print to none: ended, done if it shows the file complete
      const isDone = path === this.#jobs.current?.path && progress.completion === 100;
      this.#jobs.end(isDone ? 'done' : null);
    }
    this.#wasShownActive = isActive;
    const tracked = this.#jobs.current;
    this.model.tracked = tracked ? { ...tracked } : null;
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
    error: null,
    tracked: null,
    hasCamera: options.hasCamera ?? false,
    led: { isSupported: options.hasLed ?? false, isOn: null },
    localIpAddress: options.localIpAddress,
  };
}
