import { RELEASE_VERSION, type DeviceCommandName, type PrintFileResult } from '@printdeck/shared';
import {
  CAPABILITIES,
  CommandFailed,
  describeError,
  type Driver,
  type DriverCommand,
  type LocalPrintFile,
} from '../driver.js';
import { HostDriver, type HostDriverOptions } from '../host-driver.js';
import { asRecord, requestHost } from '../host-http.js';
import { connectUrl } from '../host-network.js';
import { JsonRpcClient } from './jsonrpc-client.js';
import {
  resolveSnapshotUrl,
  runMoonrakerCommand,
  uploadToMoonraker,
  type MoonrakerCommandContext,
} from './moonraker-commands.js';
import { moonrakerFailure } from './moonraker-errors.js';
import { numberOrNull } from '../device-state.js';
import { boundDeviceText } from '../host-http.js';
import { JobTracker } from '../job-tracker.js';
import { JOB_END_OUTCOMES } from '../octoprint/octoprint-state.js';
import {
  MOONRAKER,
  MOONRAKER_JOB_EVENTS,
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
   * pause, resume and cancel answer once Moonraker has them this long without a refusal: they
   * wait behind queued moves (8–15 s seen), and the state shows the result (default 2 s)
   */
  acceptMs?: number;
}

/** The objects the state is built from (reference B.3.3), only the fields it needs. */
const SUBSCRIPTION: Record<string, string[] | null> = {
  webhooks: ['state', 'state_message'],
  print_stats: ['state', 'filename', 'print_duration', 'total_duration', 'message'],
  virtual_sdcard: ['progress', 'is_active'],
  display_status: ['progress'],
  extruder: ['temperature', 'target'],
  heater_bed: ['temperature', 'target'],
  fan: ['speed'],
  toolhead: ['homed_axes'],
};
const LED_OBJECT = /^(led|neopixel|dotstar|pca9533|pca9632) /;
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
  /** `print_stats.state` as last seen (while Klippy was ready), for job events */
  #jobState: string | null = null;
  readonly #jobs = new JobTracker();
  /** Klipper's console lines while a typed command runs (its answers come only as these) */
  readonly #consoleListeners = new Set<(line: string) => void>();
  /** Klipper's monotonic clock as the last status carried it (`eventtime`) */
  #eventtime: number | null = null;
  /** bumped by every power notification: a refresh read before it must not overwrite it */
  #powerVersion = 0;

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
    if (!ACCEPTED_EARLY.has(command.name)) return running;
    return acceptEarly(running, this.#options.acceptMs ?? 2000, (error) =>
      this.log.warn(`${command.name} failed after it was accepted`, {
        reason: describeError(error),
      }),
    );
  }

  async storeFile(file: LocalPrintFile, signal: AbortSignal): Promise<PrintFileResult> {
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
    try {
      await runMoonrakerCommand({ name: 'send_command', commands }, ctx);
    } catch (error) {
      throw moonrakerFailure(error, this.model.klippy.state === 'ready');
    } finally {
      this.#consoleListeners.delete(listener);
    }
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
    if (!this.#rpc) return Promise.reject(new CommandFailed('printer-unreachable', 'no socket'));
    return this.#rpc.call(method, params, { timeoutMs: this.requestTimeoutMs });
  }

  protected async connect(): Promise<void> {
    if (this.isStopped) return;
    try {
      const url = `${this.#options.url.replace(/^http/, 'ws').replace(/\/+$/, '')}/websocket`;
      this.#rpc = await JsonRpcClient.connect({
        url: await connectUrl(this.#options.network, url),
        log: this.log,
        heartbeatMs: this.#options.heartbeatMs ?? 10_000,
        onNotification: (method, params) => this.#onNotification(method, params),
        onClose: (reason) => this.#lost(reason),
      });
      if (this.isStopped) return this.#rpc.close();
      await this.#read('server.connection.identify', {
        client_name: 'printdeck-agent',
        version: RELEASE_VERSION,
        type: 'agent',
        url: 'https://github.com/printdeck',
        ...(this.#options.apiKey ? { api_key: this.#options.apiKey } : {}),
      });
      this.markConnected();
      this.log.info('following Moonraker', { url: this.#options.url });
      await this.#refresh();
    } catch (error) {
      this.#rpc?.close();
      this.#lost(describeError(error));
    }
  }

  #lost(reason: string): void {
    this.#rpc = null;
    if (this.isStopped) return;
    this.update({ isReachable: false });
    this.scheduleReconnect(MOONRAKER, reason);
  }

  /** Reads Klippy's state and the host's features, and subscribes again; one at a time. */
  #refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#isRefreshWanted = true;
      return this.#refreshing;
    }
    this.#refreshing = this.#readAll()
      .catch((error: unknown) => {
        this.log.warn('reading Moonraker failed', { reason: describeError(error) });
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
    const info = asRecord(await this.#read('server.info'));
    const klippyState = typeof info.klippy_state === 'string' ? info.klippy_state : 'disconnected';
    const components = Array.isArray(info.components) ? info.components : [];
    const power = components.includes('power') ? await this.#readPower() : null;
    const webcams = asRecord(await this.#read('server.webcams.list')).webcams;
    const camera = (Array.isArray(webcams) ? webcams : [])
      .map(asRecord)
      .find(
        (cam) => cam.enabled !== false && typeof cam.snapshot_url === 'string' && cam.snapshot_url,
      );
    this.#snapshotUrl = camera
      ? resolveSnapshotUrl(String(camera.snapshot_url), this.#options.url)
      : null;
    const change: Partial<MoonrakerModel> = {
      isReachable: true,
      // a power notification that came while this refresh read is newer than what it read
      ...(this.#powerVersion === powerVersion
        ? { power: power ?? { device: null, status: null } }
        : {}),
      hasCamera: this.#snapshotUrl !== null,
    };
    if (klippyState === 'disconnected') {
      this.update({
        ...change,
        klippy: { state: 'disconnected', message: 'Klippy Disconnected' },
      });
      this.#pollWhileDisconnected();
      return;
    }
    const objects = asRecord(await this.#read('printer.objects.list')).objects;
    const led = (Array.isArray(objects) ? objects : []).find(
      (name): name is string => typeof name === 'string' && LED_OBJECT.test(name),
    );
    const subscription = led ? { ...SUBSCRIPTION, [led]: ['color_data'] } : SUBSCRIPTION;
    const result = asRecord(
      await this.#read('printer.objects.subscribe', { objects: subscription }),
    );
    const status = asRecord(result.status) as Record<string, ObjectStatus>;
    if (typeof result.eventtime === 'number') this.#eventtime = result.eventtime;
    const webhooks = asRecord(status.webhooks);
    this.update({
      ...change,
      ledObject: led ?? null,
      status,
      klippy: {
        state: typeof webhooks.state === 'string' ? webhooks.state : klippyState,
        message: typeof webhooks.state_message === 'string' ? webhooks.state_message : '',
      },
    });
  }

  /**
   * The relay that feeds the printer: the configured device (default `printer`), never just
   * the first one listed, which may be a light.
   */
  async #readPower(): Promise<MoonrakerModel['power'] | null> {
    const wanted = this.#options.powerDevice === undefined ? 'printer' : this.#options.powerDevice;
    if (wanted === null) return null;
    const devices = asRecord(await this.#read('machine.device_power.devices')).devices;
    const list = (Array.isArray(devices) ? devices : []).map(asRecord);
    const device = list.find((d) => d.device === wanted);
    if (!device) return null;
    return { device: wanted, status: typeof device.status === 'string' ? device.status : null };
  }

  #pollWhileDisconnected(): void {
    if (this.#poll) clearTimeout(this.#poll);
    this.#poll = setTimeout(() => {
      this.#poll = null;
      if (this.#rpc && this.model.klippy.state === 'disconnected') void this.#refresh();
    }, this.#options.pollMs ?? 2000);
  }

  #onNotification(method: string, params: unknown[]): void {
    switch (method) {
      case 'notify_gcode_response':
        if (typeof params[0] === 'string')
          for (const listener of this.#consoleListeners) listener(params[0]);
        return;
      case 'notify_status_update':
        if (typeof params[1] === 'number') this.#eventtime = params[1];
        return this.#merge(asRecord(params[0]) as Record<string, ObjectStatus>);
      case 'notify_klippy_ready':
      case 'notify_klippy_shutdown':
      case 'notify_webcams_changed':
        return void this.#refresh();
      case 'notify_klippy_disconnected':
        // subscriptions are gone until Klippy is back (C.3.5)
        this.update({ klippy: { state: 'disconnected', message: 'Klippy Disconnected' } });
        return this.#pollWhileDisconnected();
      case 'notify_power_changed': {
        const device = asRecord(params[0]);
        if (device.device === this.model.power.device) {
          this.#powerVersion += 1;
          const status = typeof device.status === 'string' ? device.status : null;
          this.update({ power: { device: String(device.device), status } });
        }
        return;
      }
    }
  }

  /** Diffs carry only changed fields: merge them into the local copy (B.3.2). */
  #merge(diff: Record<string, ObjectStatus>): void {
    const status = { ...this.model.status };
    for (const [name, fields] of Object.entries(diff)) {
      status[name] = { ...status[name], ...asRecord(fields) };
    }
    const webhooks = asRecord(diff.webhooks);
    const klippy =
      typeof webhooks.state === 'string'
        ? {
            state: webhooks.state,
            message:
              typeof webhooks.state_message === 'string'
                ? webhooks.state_message
                : this.model.klippy.message,
          }
        : this.model.klippy;
    this.update({ status, klippy });
  }

  /**
   * Keeps the last progress on show, follows the printer's job (its identity and end), and
   * turns the job's changes into events: `print_stats.state` while Klippy is ready, and a
   * Klippy that shut down or went away mid-print, which ends the print: real Klipper leaves
   * `print_stats` paused on shutdown and `standby` after a restart, with no end of its own.
   */
  protected override afterChange(): void {
    const stats = asRecord(this.model.status.print_stats);
    const klippy = this.model.klippy.state;
    const state = typeof stats.state === 'string' ? stats.state : null;
    const path = typeof stats.filename === 'string' && stats.filename ? stats.filename : null;
    if (klippy === 'ready' && (state === 'printing' || state === 'paused')) {
      const progress = asRecord(this.model.status.display_status).progress;
      if (typeof progress === 'number') this.model.lastProgress = progress;
    }
    if (!this.model.isReachable) return; // nothing is known: no event, the job stays as it was
    if (klippy !== 'ready') {
      this.#jobState = null;
      if (this.#jobs.isActive()) {
        const job = this.#jobs.end('failed')!;
        const reason =
          klippy === 'disconnected' || klippy === 'startup'
            ? 'Klippy disconnected during the print.'
            : `Klipper ${klippy}: ${firstLine(this.model.klippy.message)}`;
        this.emitJobEvent({ name: 'job_failed', path: job.path, startedAt: job.startedAt, reason });
      }
    } else {
      const before = this.#jobState;
      this.#jobState = state;
      this.#followJob(before, state, path, stats);
    }
    const tracked = this.#jobs.current;
    this.model.tracked = tracked ? { ...tracked } : null;
  }

  #followJob(
    before: string | null,
    state: string | null,
    path: string | null,
    stats: Record<string, unknown>,
  ): void {
    if ((state === 'printing' || state === 'paused') && path) {
      const wasActive = this.#jobs.isActive();
      const previous = this.#jobs.current;
      const total = numberOrNull(stats.total_duration);
      // the start on Klipper's own clock: `total_duration` counts pauses, so it stays put
      const printerStart =
        this.#eventtime !== null && total !== null ? this.#eventtime - total : undefined;
      const job = this.#jobs.observeActive(path, total, state === 'paused', printerStart);
      const isNew = !wasActive || previous !== job;
      if (isNew) this.model.lastProgress = null;
      if (isNew && before !== null && before !== state)
        this.emitJobEvent({ name: 'job_started', path, startedAt: job.startedAt });
      return;
    }
    if (!this.#jobs.isActive() || state === null) return;
    const name = MOONRAKER_JOB_EVENTS[state];
    const outcome = name && name !== 'job_started' ? JOB_END_OUTCOMES[name] : null;
    const job = this.#jobs.end(outcome)!;
    if (!name) return; // standby without an end: the server reconciles it as unknown
    const reason = typeof stats.message === 'string' && stats.message ? stats.message : undefined;
    this.emitJobEvent({
      name,
      path: job.path,
      startedAt: job.startedAt,
      ...(name === 'job_failed' && reason ? { reason: boundDeviceText(reason) } : {}),
    });
  }
}

/** Commands that answer once Moonraker has them without a refusal (issue 10 #10). */
const ACCEPTED_EARLY = new Set(['pause', 'resume', 'cancel']);

/**
 * The command's own answer when it comes within `acceptMs`, else "accepted": Klipper took it
 * and works on it (PAUSE waits for the queued moves); the state shows the result, and a late
 * failure is only logged. Never reported as timed out.
 */
function acceptEarly(
  running: Promise<unknown>,
  acceptMs: number,
  onLateFailure: (error: unknown) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let isAnswered = false;
    const timer = setTimeout(() => {
      isAnswered = true;
      resolve(null);
    }, acceptMs);
    running.then(
      (result) => {
        clearTimeout(timer);
        if (!isAnswered) resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (isAnswered) onLateFailure(error);
        else reject(error);
      },
    );
  });
}

function firstLine(text: string): string {
  return boundDeviceText(text.trim().split('\n')[0] ?? '');
}
