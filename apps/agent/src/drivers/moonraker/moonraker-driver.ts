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
import { JsonRpcClient } from './jsonrpc-client.js';
import {
  resolveSnapshotUrl,
  runMoonrakerCommand,
  uploadToMoonraker,
  type MoonrakerCommandContext,
} from './moonraker-commands.js';
import { moonrakerFailure } from './moonraker-errors.js';
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
  /** `print_stats.state` as last seen, for job events */
  #jobState: string | null = null;

  constructor(options: MoonrakerDriverOptions) {
    super(
      options,
      {
        isReachable: false,
        klippy: { state: 'disconnected', message: 'Klippy Disconnected' },
        status: {},
        lastProgress: null,
        power: { device: null, isOn: null },
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
    const ctx = this.#commandContext(signal);
    try {
      return await runMoonrakerCommand(command, ctx);
    } catch (error) {
      throw moonrakerFailure(error, this.model.klippy.state === 'ready');
    }
  }

  async storeFile(file: LocalPrintFile, signal: AbortSignal): Promise<PrintFileResult> {
    try {
      return await uploadToMoonraker(this.#commandContext(signal), file, signal);
    } catch (error) {
      throw moonrakerFailure(error, this.model.klippy.state === 'ready');
    }
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
          },
          { timeoutMs: this.requestTimeoutMs, ...request },
        ),
      klippy: { ...this.model.klippy },
      powerDevice: this.model.power.device,
      ledObject: this.model.ledObject,
      snapshotUrl: this.#snapshotUrl,
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
        url,
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
      power: power ?? { device: null, isOn: null },
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

  /** The relay that feeds the printer: the device named `printer`, else the first one. */
  async #readPower(): Promise<MoonrakerModel['power'] | null> {
    const devices = asRecord(await this.#read('machine.device_power.devices')).devices;
    const list = (Array.isArray(devices) ? devices : []).map(asRecord);
    const device = list.find((d) => d.device === 'printer') ?? list[0];
    if (!device || typeof device.device !== 'string') return null;
    return { device: device.device, isOn: device.status === 'on' };
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
      case 'notify_status_update':
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
          this.update({ power: { device: String(device.device), isOn: device.status === 'on' } });
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

  /** Keeps the last progress on show, and turns `print_stats.state` changes into job events. */
  protected override afterChange(): void {
    const stats = asRecord(this.model.status.print_stats);
    const state = typeof stats.state === 'string' ? stats.state : null;
    if (state === 'printing' || state === 'paused') {
      const progress = asRecord(this.model.status.display_status).progress;
      if (typeof progress === 'number') this.model.lastProgress = progress;
    }
    const before = this.#jobState;
    this.#jobState = state;
    if (before !== null && state !== null && state !== before) this.#onJobState(before, stats);
  }

  /** Job events from `print_stats.state` as the printer reports it, never from a lost link. */
  #onJobState(before: string, stats: Record<string, unknown>): void {
    const path = typeof stats.filename === 'string' && stats.filename ? stats.filename : null;
    const isStart = stats.state === 'printing' && before !== 'paused';
    const name = isStart ? 'job_started' : MOONRAKER_JOB_EVENTS[String(stats.state)];
    if (!name) return;
    if (isStart) this.model.lastProgress = null;
    const reason = typeof stats.message === 'string' && stats.message ? stats.message : undefined;
    this.emitJobEvent({ name, path, ...(name === 'job_failed' && reason ? { reason } : {}) });
  }
}
