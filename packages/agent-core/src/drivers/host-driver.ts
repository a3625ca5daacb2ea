import type { DeviceState } from '@printdeck/shared';
import { PRINTER_BACKOFF, RetryTimer, type BackoffPolicy } from '../connection/backoff.js';
import type { HostNetwork } from './host-network.js';
import type { Logger } from '../log.js';
import { StateHolder } from './device-state.js';
import { CommandFailed, type JobEvent } from './driver.js';

/** What every driver needs to reach its host. */
export interface HostDriverOptions {
  url: string;
  log: Logger;
  localIpAddress: string | null;
  /** longest wait for one answer from the host (default 10 s) */
  requestTimeoutMs?: number;
  /** retries after the host went away (default PRINTER_BACKOFF) */
  backoff?: BackoffPolicy;
  /** LAN mode: every connection to the host checked against the allowed networks */
  network?: HostNetwork;
}

/**
 * What every driver of a printer host does alike: keep a model of the host, publish its
 * normalised state on change, tell job listeners, and reconnect with backoff when the host
 * goes away. A driver adds how it connects and what its model means.
 */
export abstract class HostDriver<Model extends object> {
  protected readonly model: Model;
  protected readonly log: Logger;
  protected readonly requestTimeoutMs: number;
  protected isStopped = false;
  readonly #normalise: (model: Model) => DeviceState;
  readonly #holder: StateHolder;
  readonly #retry: RetryTimer;
  readonly #jobListeners: Array<(event: JobEvent) => void> = [];

  constructor(options: HostDriverOptions, model: Model, normalise: (model: Model) => DeviceState) {
    this.model = model;
    this.log = options.log;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.#normalise = normalise;
    this.#holder = new StateHolder(normalise(model));
    this.#retry = new RetryTimer(options.backoff ?? PRINTER_BACKOFF);
  }

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    this.#retry.cancel();
    this.disconnect();
  }

  getState(): DeviceState {
    return this.#holder.get();
  }

  onState(listener: (state: DeviceState) => void): void {
    this.#holder.onChange(listener);
  }

  onJobEvent(listener: (event: JobEvent) => void): void {
    this.#jobListeners.push(listener);
  }

  /** Commands fail at once, and say so, while the host is unreachable. */
  protected assertReachable(): void {
    const { error } = this.getState();
    if (error?.code === 'printer-unreachable') throw new CommandFailed(error.code, error.detail);
  }

  /** One attempt to reach the host and follow it; failures end in `scheduleReconnect`. */
  protected abstract connect(): Promise<void>;

  /** Closes whatever is open to the host, without reporting it as lost. */
  protected abstract disconnect(): void;

  /** Runs after every model change, before the state is published. */
  protected afterChange(): void {}

  protected update(change: Partial<Model>): void {
    Object.assign(this.model, change);
    this.afterChange();
    this.#holder.set(this.#normalise(this.model));
  }

  protected emitJobEvent(event: JobEvent): void {
    for (const listener of this.#jobListeners) listener(event);
  }

  /** The host answered: the next loss starts the backoff from the bottom. */
  protected markConnected(): void {
    this.#retry.reset();
  }

  /** Tries the host again now, instead of waiting for the scheduled retry. */
  protected reconnectNow(): void {
    if (this.isStopped) return;
    this.#retry.cancel();
    this.#retry.reset();
    this.disconnect();
    void this.connect();
  }

  protected scheduleReconnect(
    hostName: string,
    reason: string,
    level: 'warn' | 'debug' = 'warn',
  ): void {
    if (this.isStopped) return;
    const delay = this.#retry.schedule(() => void this.connect());
    this.log[level](`${hostName} connection lost; retrying`, { reason, retry_in_ms: delay });
  }
}
