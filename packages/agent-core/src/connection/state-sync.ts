import type { AgentMessage, DeviceState, DeviceStatePatch } from '@printdeck/shared';

/** The top-level parts of `next` that differ from `previous`, each whole; null when none do. */
export function diffState(previous: DeviceState, next: DeviceState): DeviceStatePatch | null {
  const patch: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)]) as Set<keyof DeviceState>;
  for (const key of keys) {
    if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) patch[key] = next[key];
  }
  return Object.keys(patch).length > 0 ? (patch as DeviceStatePatch) : null;
}

export interface StateSyncOptions {
  /** false when the message could not go out (offline, congested): it is sent again later */
  send: (message: AgentMessage) => boolean;
  /** at most one state message per this many ms; changes in between are coalesced */
  minIntervalMs: number;
}

/**
 * The state as the server should have it: a full snapshot on every (re)connect, then patches
 * of the parts that changed, at a bounded rate with the latest values winning.
 */
export class StateSync {
  readonly #options: StateSyncOptions;
  #latest: DeviceState | null = null;
  #sent: DeviceState | null = null;
  #sentAt = 0;
  #isOnline = false;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: StateSyncOptions) {
    this.#options = options;
  }

  /** The link is (re)established: the server gets everything. */
  online(state: DeviceState): void {
    this.#isOnline = true;
    this.#sent = null;
    this.#latest = state;
    this.#clearTimer();
    this.#flush();
  }

  /** The link is gone: the next connection starts with a snapshot. */
  offline(): void {
    this.#isOnline = false;
    this.#clearTimer();
    this.#sent = null;
  }

  update(state: DeviceState): void {
    this.#latest = state;
    if (!this.#isOnline || this.#timer) return;
    const wait = this.#sentAt + this.#options.minIntervalMs - Date.now();
    if (wait <= 0) this.#flush();
    else this.#timer = setTimeout(() => this.#flush(), wait);
  }

  stop(): void {
    this.#clearTimer();
  }

  #flush(): void {
    this.#timer = null;
    const latest = this.#latest;
    if (!this.#isOnline || !latest) return;
    const patch = this.#sent ? diffState(this.#sent, latest) : null;
    if (this.#sent && !patch) return;
    const message: AgentMessage = patch
      ? { type: 'state', kind: 'patch', state: patch }
      : { type: 'state', kind: 'snapshot', state: latest };
    if (this.#options.send(message)) {
      this.#sent = latest;
      this.#sentAt = Date.now();
    } else {
      this.#timer = setTimeout(() => this.#flush(), this.#options.minIntervalMs);
    }
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
