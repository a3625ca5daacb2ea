/** Capped exponential backoff: the ceiling doubles per attempt from `initialMs` up to `maxMs`. */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

/** To the server: 1 s, 2 s, 4 s … up to a minute (ARCHITECTURE §5). */
export const SERVER_BACKOFF: BackoffPolicy = { initialMs: 1000, maxMs: 60_000 };
/** To OctoPrint or Moonraker on the same machine or LAN: sooner, and never longer than 30 s. */
export const PRINTER_BACKOFF: BackoffPolicy = { initialMs: 500, maxMs: 30_000 };

/**
 * "Full jitter": a uniform delay between 0 and the attempt's ceiling, so that many agents
 * cut off at the same moment (a server restart) come back spread out, not in a herd.
 */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  const ceiling = Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
  return Math.floor(random() * ceiling);
}

/** Schedules retries with growing delays; `reset` after a success starts again from the bottom. */
export class RetryTimer {
  #attempt = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly random: () => number = Math.random,
  ) {}

  get attempt(): number {
    return this.#attempt;
  }

  get isScheduled(): boolean {
    return this.#timer !== null;
  }

  /** Runs `run` after the next delay; returns that delay. A retry already waiting is replaced. */
  schedule(run: () => void): number {
    this.cancel();
    const delay = backoffDelay(this.#attempt, this.policy, this.random);
    this.#attempt += 1;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      run();
    }, delay);
    return delay;
  }

  reset(): void {
    this.#attempt = 0;
  }

  cancel(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
