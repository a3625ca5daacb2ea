import { randomBytes } from 'node:crypto';
import {
  RELEASE_VERSION,
  trimTrailingSlashes,
  type DeviceCommandName,
  type PrintFileResult,
} from '@printdeck/shared';
import {
  CAPABILITIES,
  CommandFailed,
  describeError,
  type Driver,
  type DriverCommand,
  type ArrivingPrintFile,
  type LocalPrintFile,
} from '../driver.js';
import { HostDriver, type HostDriverOptions } from '../host-driver.js';
import type { PrintFileUpload } from '../host-files.js';
import { asRecord, boundDeviceText, requestHost } from '../host-http.js';
import { connectUrl } from '../host-network.js';
import { JsonRpcClient, type RpcAnswer } from './jsonrpc-client.js';
import { acceptEarly, isAcceptedEarly } from './moonraker-accept-early.js';
import {
  runMoonrakerCommand,
  uploadToMoonraker,
  type MoonrakerCommandContext,
} from './moonraker-commands.js';
import { moonrakerFailure } from './moonraker-errors.js';
import { MoonrakerJobFollower } from './moonraker-job-follower.js';
import {
  keepDiff,
  klippyOfStatus,
  latestEventtime,
  mergeStatusDiff,
  readMoonrakerHost,
  subscribeMoonrakerObjects,
  withNewerDiffs,
  type DiffsWhileSubscribing,
} from './moonraker-reads.js';
import {
  MOONRAKER,
  normaliseMoonrakerState,
  type MoonrakerModel,
  type ObjectStatus,
} from './moonraker-state.js';

export interface MoonrakerDriverOptions extends HostDriverOptions {
  /** when Moonraker's `[authorization]` wants one; trusted clients need none */
  apiKey?: string;
  /** websocket ping interval (default 10 s) */
  heartbeatMs?: number;
  /** how often to ask again while Klippy is disconnected (default 2 s) */
  pollMs?: number;
  /**
   * the `[power <name>]` device that feeds the printer (default `printer`); null: none. Any
   * other device (lights, a fan) is never taken for the printer's relay.
   */
  powerDevice?: string | null;
  /**
   * commands (not reads) answer once Moonraker has them this long without a refusal: they
   * wait behind queued moves (8–15 s seen), and the state shows the result (default 2 s)
   */
  acceptMs?: number;
}

/** A long G-code (G28, M109) blocks its call (B.3.4): the request's deadline bounds it. */
const GCODE_TIMEOUT_MS = 30 * 60_000;

/**
 * Moonraker over its JSON-RPC websocket (reference B): object subscriptions merged into one
 * local copy, re-subscribed whenever Klippy comes back (C.3.5).
 */
export class MoonrakerDriver extends HostDriver<MoonrakerModel> implements Driver {
  readonly kind = 'moonraker' as const;
  readonly capabilities: readonly DeviceCommandName[] = CAPABILITIES.moonraker;
  readonly #options: MoonrakerDriverOptions;
  #rpc: JsonRpcClient | null = null;
  #snapshotUrl: string | null = null;
  #poll: NodeJS.Timeout | null = null;
  #refreshing: Promise<void> | null = null;
  #isRefreshWanted = false;
  readonly #jobs = new MoonrakerJobFollower((event) => this.emitJobEvent(event));
  /** Klipper's console lines while a typed command runs (its answers come only as these) */
  readonly #consoleListeners = new Set<(line: string) => void>();
  /** Klipper's monotonic clock as the last status carried it (`eventtime`) */
  #eventtime: number | null = null;
  /** bumped by every power notification: a refresh read before it must not overwrite it */
  #powerVersion = 0;
  /** status diffs handled while a subscription is on its way: the newer go over its answer */
  #diffsWhileSubscribing: DiffsWhileSubscribing | null = null;

  constructor(options: MoonrakerDriverOptions) {
    super(
      options,
      {
        isReachable: false,
        klippy: { state: 'disconnected', message: 'Klippy Disconnected' },
        status: {},
        lastProgress: null,
        tracked: null,
        power: { device: null, status: null },
        ledObject: null,
        hasCamera: false,
        localIpAddress: options.localIpAddress,
        refusal: null,
      },
      normaliseMoonrakerState,
    );
    this.#options = options;
  }

  protected disconnect(): void {
    if (this.#poll) clearTimeout(this.#poll);
    this.#rpc?.close();
    this.#rpc = null;
  }

  async run(command: DriverCommand, signal: AbortSignal): Promise<unknown> {
    if (command.name === 'send_command') return this.#sendCommands(command.commands, signal);
    const ctx = this.#commandContext(signal);
    const running = runMoonrakerCommand(command, ctx).catch((error: unknown) => {
      throw moonrakerFailure(error, this.model.klippy.state === 'ready');
    });
    if (!isAcceptedEarly(command.name)) return running;
    return this.#acceptEarly(command.name, running);
  }

  #acceptEarly(name: string, running: Promise<unknown>): Promise<unknown> {
    return acceptEarly(running, this.#options.acceptMs ?? 2000, (error) =>
      this.log.warn(`${name} failed after it was accepted`, { reason: describeError(error) }),
    );
  }

  storeFile(file: LocalPrintFile, signal: AbortSignal): Promise<PrintFileResult> {
    return this.#upload(file, signal);
  }

  /**
   * A cut upload stores and starts nothing: Moonraker's `FileUploadHandler` streams the form
   * to a temporary file and moves it (and prints) in `post`, which Tornado runs only once the
   * whole body came (moonraker/app.py); it checks the SHA-256 sent beside it too (422).
   */
  storeArrivingFile(file: ArrivingPrintFile, signal: AbortSignal): Promise<PrintFileResult> {
    return this.#upload(file, signal);
  }

  async #upload(file: PrintFileUpload, signal: AbortSignal): Promise<PrintFileResult> {
    try {
      return await uploadToMoonraker(this.#commandContext(signal), file, signal);
    } catch (error) {
      throw moonrakerFailure(error, this.model.klippy.state === 'ready');
    }
  }

  /**
   * Typed G-code. Klipper answers "ok" to a command it does not know and says so only on its
   * console (`// Unknown command:"FOO"` in `notify_gcode_response`, klippy/gcode.py
   * `cmd_default`): such an answer fails the command with Klipper's own words.
   */
  async #sendCommands(commands: string[], signal: AbortSignal): Promise<unknown> {
    const ctx = this.#commandContext(signal);
    const lines: string[] = [];
    const listener = (line: string) => lines.push(line);
    this.#consoleListeners.add(listener);
    const running = runMoonrakerCommand({ name: 'send_command', commands }, ctx)
      .catch((error: unknown) => {
        throw moonrakerFailure(error, this.model.klippy.state === 'ready');
      })
      .finally(() => this.#consoleListeners.delete(listener));
    // a long macro answers once accepted; Klipper's "Unknown command" comes at once
    await this.#acceptEarly('send_command', running);
    const unknown = lines.find((line) => /^\/\/ Unknown command/i.test(line));
    if (unknown) throw new CommandFailed('invalid-command', `Klipper: ${boundDeviceText(unknown)}`);
    return null;
  }

  #commandContext(signal: AbortSignal): MoonrakerCommandContext {
    this.assertReachable();
    const rpc = this.#rpc;
    if (!rpc) throw new CommandFailed('printer-unreachable', `${MOONRAKER} does not answer.`);
    return {
      call: (method, params) => rpc.call(method, params, { timeoutMs: GCODE_TIMEOUT_MS, signal }),
      http: (request) =>
        requestHost(
          {
            baseUrl: this.#options.url,
            name: MOONRAKER,
            headers: this.#options.apiKey ? { 'x-api-key': this.#options.apiKey } : {},
            ...(this.#options.network ? { network: this.#options.network } : {}),
          },
          { timeoutMs: this.requestTimeoutMs, ...request },
        ),
      klippy: { ...this.model.klippy },
      powerDevice: this.model.power.device,
      ledObject: this.model.ledObject,
      snapshotUrl: this.#snapshotUrl,
      ...(this.#options.network ? { network: this.#options.network } : {}),
      signal,
    };
  }

  /** A read with the short timeout, on the current socket. */
  #read(method: string, params?: Record<string, unknown>): Promise<unknown> {
    return this.#answer(method, params).then((answer) => answer.result);
  }

  /** A read whose answer tells its place among the socket's messages. */
  #answer(method: string, params?: Record<string, unknown>): Promise<RpcAnswer> {
    if (!this.#rpc) return Promise.reject(new CommandFailed('printer-unreachable', 'no socket'));
    return this.#rpc.answer(method, params, { timeoutMs: this.requestTimeoutMs });
  }

  protected async connect(): Promise<void> {
    if (this.isStopped) return;
    try {
      const url = `${trimTrailingSlashes(this.#options.url.replace(/^http/, 'ws'))}/websocket`;
      this.#rpc = await JsonRpcClient.connect({
        url: await connectUrl(this.#options.network, url),
        log: this.log,
        heartbeatMs: this.#options.heartbeatMs ?? 10_000,
        onNotification: (method, params) => this.#onNotification(method, params),
        onClose: (reason) => this.#lost(reason),
      });
      if (this.isStopped) return this.#rpc.close();
      await this.#identify();
      this.markConnected();
      this.log.info('following Moonraker', { url: this.#options.url });
      await this.#refresh();
    } catch (error) {
      this.#rpc?.close();
      this.#lost(describeError(error));
    }
  }

  /**
   * Moonraker lets one connection hold each `agent` name (components/extensions.py
   * `register_agent`: "Agent '…' already registered and connected"), so every connection
   * identifies with a name of its own: a replacement agent, the one-file agent or a LAN printer
   * on the same Moonraker is never refused because another Printdeck holds the name. Should
   * Moonraker still refuse, the printer says so instead of "does not answer".
   */
  async #identify(): Promise<void> {
    const name = `printdeck-agent-${randomBytes(4).toString('hex')}`;
    try {
      await this.#read('server.connection.identify', {
        client_name: name,
        version: RELEASE_VERSION,
        type: 'agent',
        url: 'https://github.com/printdeck',
        ...(this.#options.apiKey ? { api_key: this.#options.apiKey } : {}),
      });
      this.update({ refusal: null });
    } catch (error) {
      const text = describeError(error);
      if (/already registered/i.test(text)) {
        this.update({
          refusal: `Moonraker refused Printdeck's connection: another client holds the agent name (${boundDeviceText(text)}).`,
        });
      }
      throw error;
    }
  }

  #lost(reason: string): void {
    this.#rpc = null;
    if (this.isStopped) return;
    this.update({ isReachable: false });
    this.scheduleReconnect(MOONRAKER, reason);
  }

  /** A refresh is reading Moonraker, or one is waiting to follow it. */
  get isRefreshing(): boolean {
    return this.#refreshing !== null || this.#isRefreshWanted;
  }

  /** Reads Klippy's state and the host's features, and subscribes again; one at a time. */
  #refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#isRefreshWanted = true;
      return this.#refreshing;
    }
    this.#refreshing = this.#readAll()
      .catch((error: unknown) => {
        // e.g. "Method not found" just after Klippy connects, before Moonraker registered its
        // endpoints: Klipper in `error` sends no further notice, so read again until known
        this.log.warn('reading Moonraker failed; reading again', { reason: describeError(error) });
        this.#refreshLater();
      })
      .finally(() => {
        this.#refreshing = null;
        if (this.#isRefreshWanted && this.#rpc) {
          this.#isRefreshWanted = false;
          void this.#refresh();
        }
      });
    return this.#refreshing;
  }

  async #readAll(): Promise<void> {
    const powerVersion = this.#powerVersion;
    const read = (method: string, params?: Record<string, unknown>) => this.#read(method, params);
    const host = await readMoonrakerHost(read, this.#options);
    this.#snapshotUrl = host.snapshotUrl;
    // a power notification that came while this refresh read is newer than what it read,
    // however late in the refresh it came: Moonraker sends it ~240 ms after "ready", often
    // while the subscription below is still on its way
    const readPower = (): Partial<MoonrakerModel> =>
      this.#powerVersion === powerVersion
        ? { power: host.power ?? { device: null, status: null } }
        : {};
    const change: Partial<MoonrakerModel> = {
      isReachable: true,
      hasCamera: this.#snapshotUrl !== null,
    };
    if (host.klippyState === 'disconnected') {
      this.update({
        ...change,
        ...readPower(),
        klippy: { state: 'disconnected', message: 'Klippy Disconnected' },
      });
      this.#refreshLater(this.#isKlippyDisconnected);
      return;
    }
    const kept: DiffsWhileSubscribing = { seen: [], overflowed: false };
    this.#diffsWhileSubscribing = kept;
    const answer = await subscribeMoonrakerObjects(read, (params) =>
      this.#answer('printer.objects.subscribe', params),
    ).finally(() => (this.#diffsWhileSubscribing = null));
    const status = withNewerDiffs(answer, kept.seen);
    this.#eventtime = latestEventtime(answer, kept.seen) ?? this.#eventtime;
    this.update({
      ...change,
      ...readPower(),
      ledObject: answer.ledObject,
      status,
      klippy: klippyOfStatus(status, host.klippyState),
    });
    // diffs were left out: a later subscription's answer holds what they said
    if (kept.overflowed) this.#refreshLater();
  }

  readonly #isKlippyDisconnected = () => this.model.klippy.state === 'disconnected';

  /** One refresh after the poll interval, if the link is up and `stillWanted()` then. */
  #refreshLater(stillWanted = () => true): void {
    if (this.#poll) clearTimeout(this.#poll);
    this.#poll = setTimeout(() => {
      this.#poll = null;
      if (this.#rpc && stillWanted()) void this.#refresh();
    }, this.#options.pollMs ?? 2000);
  }

  #onNotification(method: string, params: unknown[]): void {
    switch (method) {
      case 'notify_gcode_response':
        if (typeof params[0] === 'string')
          for (const listener of this.#consoleListeners) listener(params[0]);
        return;
      case 'notify_status_update': {
        const diff = asRecord(params[0]) as Record<string, ObjectStatus>;
        const eventtime = typeof params[1] === 'number' ? params[1] : null;
        if (eventtime !== null) this.#eventtime = eventtime;
        if (this.#diffsWhileSubscribing) {
          const arrival = this.#rpc?.received ?? 0;
          keepDiff(this.#diffsWhileSubscribing, { diff, eventtime, arrival });
        }
        return this.update(mergeStatusDiff(this.model, diff));
      }
      case 'notify_klippy_ready':
      case 'notify_klippy_shutdown':
      case 'notify_webcams_changed':
        return void this.#refresh();
      case 'notify_klippy_disconnected':
        // subscriptions are gone until Klippy is back (C.3.5)
        this.update({ klippy: { state: 'disconnected', message: 'Klippy Disconnected' } });
        return this.#refreshLater(this.#isKlippyDisconnected);
      case 'notify_power_changed': {
        const device = asRecord(params[0]);
        // the configured relay, also before the first read has named it
        const wanted =
          this.model.power.device ??
          (this.#options.powerDevice === undefined ? 'printer' : this.#options.powerDevice);
        if (wanted !== null && device.device === wanted) {
          this.#powerVersion += 1;
          const status = typeof device.status === 'string' ? device.status : null;
          this.update({ power: { device: String(device.device), status } });
        }
        return;
      }
    }
  }

  /** Keeps the last progress on show and follows the printer's job (its identity and end). */
  protected override afterChange(): void {
    this.#jobs.follow(this.model, this.#eventtime);
  }
}
