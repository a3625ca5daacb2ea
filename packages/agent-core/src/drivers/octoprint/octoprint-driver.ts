import type { DeviceCommandName, DeviceDriver, PrintFileResult } from '@printdeck/shared';
import {
  CAPABILITIES,
  CommandFailed,
  describeError,
  type Driver,
  type DriverCommand,
  type ArrivingPrintFile,
  type LocalPrintFile,
} from '../driver.js';
import { FirstWord } from '../first-word.js';
import { HostDriver, type HostDriverOptions } from '../host-driver.js';
import { asRecord, boundDeviceText, HostHttpError } from '../host-http.js';
import { OctoPrintApi } from './octoprint-api.js';
import { runOctoPrintCommand, uploadToOctoPrint } from './octoprint-commands.js';
import { OctoPrintJobFollower } from './octoprint-job-follower.js';
import { openPushSocket, type PushSocket } from './octoprint-push.js';
import { changeFromPush, readOctoPrintCamera, readOctoPrintState } from './octoprint-reads.js';
import { CommandAnswerWatch } from './octoprint-command-answer.js';
import { OctoPrintTerminal } from './octoprint-terminal.js';
import {
  initialOctoPrintModel,
  normaliseFlags,
  normaliseOctoPrintState,
  OCTOPRINT,
  type OctoPrintModel,
} from './octoprint-state.js';

/** The longest a typed command waits for OctoPrint's late pushes: ten of its 0.5 s periods. */
const LONGEST_ANSWER_MS = 5000;

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
  /**
   * how long a typed command waits at least for the printer to say it does not know it
   * (default 1 s; longer while OctoPrint's pushes come late, `CommandAnswerWatch`)
   */
  answerMs?: number;
  /** longest wait for the key from the server before the state is sent anyway (default 10 s) */
  keyWaitMs?: number;
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
  /** each `current` message's terminal lines, to the typed commands waiting for an answer */
  readonly #terminalListeners = new Set<(lines: readonly unknown[]) => void>();
  /** the console: OctoPrint's terminal without its noise (`klipper_gcode_store`) */
  readonly #terminal = new OctoPrintTerminal();
  #isCheckingKey = false;
  /**
   * bumped by every new connection and every close: an attempt that finds it changed after an
   * await was overtaken (a new key, a stop) and leaves without a socket or a retry of its own
   */
  #attempt = 0;
  readonly #jobs = new OctoPrintJobFollower((event) => this.emitJobEvent(event));
  readonly #firstWord: FirstWord;
  /** the server said it keeps no key for this printer: a refusal without one is the news */
  #isKeyless = false;

  constructor(options: OctoPrintDriverOptions) {
    super(options, initialOctoPrintModel(options), normaliseOctoPrintState);
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
    this.#firstWord = new FirstWord(options.keyWaitMs ?? 10_000);
  }

  get settled(): Promise<void> {
    return this.#firstWord.settled;
  }

  /** True once OctoPrint pushes to the agent; until then events may pass unseen. */
  get isFollowing(): boolean {
    return this.#isFollowing;
  }

  protected disconnect(): void {
    this.#attempt += 1;
    this.#isFollowing = false;
    this.#push?.close();
    this.#push = null;
    if (this.#check) clearInterval(this.#check);
    this.#check = null;
  }

  /** The OctoPrint API key kept by the workspace; used at once, as OctoPrint refused none yet. */
  useApiKey(apiKey: string | null): void {
    if (apiKey === null) {
      this.#isKeyless = true;
      if (this.model.isPermissionDenied) this.#firstWord.settle();
      return;
    }
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
   * (`echo:Unknown command: "FOO"`) or will not extrude cold fails it with those words;
   * silence (`CommandAnswerWatch`: `answerMs` and two pushes after the 204) is taken as accepted.
   */
  async #sendCommands(
    command: Extract<DriverCommand, { name: 'send_command' }>,
    signal: AbortSignal,
  ): Promise<unknown> {
    const watch = new CommandAnswerWatch(command.commands, {
      answerMs: this.#options.answerMs ?? 1000,
      longestMs: LONGEST_ANSWER_MS,
    });
    const listener = (lines: readonly unknown[]) => watch.hear(lines);
    this.#terminalListeners.add(listener);
    // noted before OctoPrint's answer: its `Send:` echo may overtake the HTTP answer
    this.#terminal.noteTyped(command.commands);
    let answer: string | null;
    try {
      await runOctoPrintCommand(command, this.#commandContext(signal));
      answer = await watch.refusal(signal);
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
      readTerminal: () => this.#terminal.entries(),
      onLedChanged: (isOn: boolean) => this.update({ led: { isSupported: true, isOn } }),
    };
  }

  async storeFile(file: LocalPrintFile, signal: AbortSignal): Promise<PrintFileResult> {
    this.assertReachable();
    return uploadToOctoPrint(this.#api, file, signal);
  }

  /**
   * A cut upload stores and starts nothing: OctoPrint's upload handler streams the parts to
   * temporary files and hands them to the upload API (which stores and prints) only once the
   * form's final boundary and the whole body came (src/octoprint/server/util/tornado.py,
   * `UploadStorageFallbackHandler._process_multipart_data` and `_handle_method`).
   */
  async storeArrivingFile(file: ArrivingPrintFile, signal: AbortSignal): Promise<PrintFileResult> {
    this.assertReachable();
    return uploadToOctoPrint(this.#api, file, signal);
  }

  /** One connection: read the state over REST, then follow the push socket until it ends. */
  protected async connect(): Promise<void> {
    if (this.isStopped) return;
    const attempt = ++this.#attempt;
    const isOvertaken = () => this.isStopped || attempt !== this.#attempt;
    try {
      const user = asRecord(await this.#api.get('api/currentuser'));
      if (isOvertaken()) return;
      if (user.name === null || user.name === undefined) {
        this.#refused();
        return;
      }
      if (!mayPrint(user)) {
        // followed again once the user may print: the key stays, its group changes
        this.update({ isReachable: true, isPermissionDenied: false, isReadOnlyKey: true });
        this.#firstWord.settle();
        this.scheduleReconnect(OCTOPRINT, 'the OctoPrint key may not print');
        return;
      }
      const state = await readOctoPrintState(this.#api, this.#options.hasCamera);
      if (isOvertaken()) return;
      this.update({ ...state, isReadOnlyKey: false });
      this.#firstWord.settle();
      const login = asRecord(await this.#api.post('api/login', { passive: true }));
      if (isOvertaken()) return;
      // OctoPrint's first frame (`connected`) may come with the handshake, before the socket is
      // handed back: until then `push` is null and such frames pass (the session starts at auth)
      let push: PushSocket | null = null;
      push = await openPushSocket({
        baseUrl: this.#options.url,
        ...(this.#options.network ? { network: this.#options.network } : {}),
        auth: `${String(login.name)}:${String(login.session)}`,
        staleMs: this.#options.staleMs ?? 10_000,
        log: this.log,
        onMessage: (message) => {
          if (push !== null && this.#push === push) this.#onPush(message);
        },
        onClose: (reason) => {
          if (push !== null && this.#push === push) this.#lost(reason);
        },
      });
      if (isOvertaken()) {
        push.close();
        return;
      }
      this.#push = push;
      this.#startChecks();
      this.markConnected();
      this.log.info('following OctoPrint', { url: this.#options.url });
    } catch (error) {
      if (!isOvertaken()) this.#lost(describeError(error), error);
    }
  }

  /** OctoPrint reads the key as anonymous (or there is none yet). */
  #refused(): void {
    this.update({ isReachable: true, isPermissionDenied: true });
    if (this.#api.apiKey || this.#isKeyless) this.#firstWord.settle();
    // without a key yet (it comes from Printdeck once the agent is in) this is no news
    if (this.#api.apiKey) this.scheduleReconnect(OCTOPRINT, 'OctoPrint refused the API key');
    else this.scheduleReconnect(OCTOPRINT, 'no OctoPrint API key yet', 'debug');
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
    this.#firstWord.settle();
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

  #onPush(message: Record<string, unknown>): void {
    if (message.history) this.#isFollowing = true;
    const data = asRecord(message.current ?? message.history);
    if (Object.keys(data).length > 0) this.#applyCurrent(data, !message.history);
    const event = asRecord(message.event);
    if (typeof event.type === 'string') this.#onEvent(event.type, asRecord(event.payload));
    const plugin = asRecord(message.plugin);
    if (plugin.plugin === 'psucontrol') {
      const isOn = asRecord(plugin.data).isPSUOn;
      if (typeof isOn === 'boolean') this.update({ psu: { isInstalled: true, isOn } });
    }
  }

  /**
   * `current`/`history`: terminal lines to the console and to the typed commands waiting (a
   * `history` brings OctoPrint's recent terminal, no answer to a command now), the rest to the
   * model.
   */
  #applyCurrent(data: Record<string, unknown>, isNew: boolean): void {
    const lines: readonly unknown[] = Array.isArray(data.logs) ? data.logs : [];
    this.#terminal.addLines(lines);
    if (isNew) for (const listener of this.#terminalListeners) listener(lines);
    this.update(changeFromPush(data));
  }

  /** Push events (PrintStarted/Done/Failed/Cancelled) with the job's identity. */
  #onEvent(type: string, payload: Record<string, unknown>): void {
    if (type === 'SettingsUpdated') this.#rereadCamera();
    this.#jobs.onEvent(type, payload);
    this.update({ tracked: this.#jobs.current ? { ...this.#jobs.current } : null });
  }

  /**
   * A webcam added or removed in OctoPrint shows at once: saving the settings fires
   * `SettingsUpdated` (src/octoprint/server/api/settings.py), and the camera is probed again. A
   * camera given on the command line stays as given.
   */
  #rereadCamera(): void {
    if (this.#options.hasCamera !== undefined) return;
    const push = this.#push;
    readOctoPrintCamera(this.#api).then(
      (hasCamera) => {
        if (this.#push === push) this.update({ hasCamera });
      },
      (error: unknown) =>
        this.log.warn('could not read the webcam settings', { reason: describeError(error) }),
    );
  }

  /** Follows the printer's job from every state: its identity, and an end without an event. */
  protected override afterChange(): void {
    this.#jobs.follow(this.model);
  }
}

/**
 * `/api/currentuser` `permissions` (OctoPrint 1.4+): an admin may do everything; a key without
 * PRINT (a read-only user's) cannot start a print. An older OctoPrint without the list may.
 */
function mayPrint(user: Record<string, unknown>): boolean {
  const { permissions } = user;
  if (!Array.isArray(permissions)) return true;
  return permissions.includes('ADMIN') || permissions.includes('PRINT');
}
