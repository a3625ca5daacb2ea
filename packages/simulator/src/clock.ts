/** A source of simulated time in milliseconds (Unix-epoch based, so it can stamp files). */
export interface Clock {
  now(): number;
}

export interface SimulatedClockOptions {
  /** Simulated milliseconds per real millisecond. 0 freezes time: only `advance` moves it. */
  speed?: number;
  /** Simulated time at creation (ms). Defaults to the real Unix time. */
  start?: number;
  /** Monotonic real time in ms; tests may pass their own. */
  realNow?: () => number;
}

/**
 * Simulated time = real time elapsed × speed, plus every manual `advance`.
 * Tests use speed 0 and advance by hand, so nothing ever sleeps.
 */
export class SimulatedClock implements Clock {
  readonly #realNow: () => number;
  #speed: number;
  #base: number;
  #realBase: number;

  constructor(options: SimulatedClockOptions = {}) {
    this.#realNow = options.realNow ?? (() => performance.now());
    this.#speed = checkSpeed(options.speed ?? 1);
    this.#realBase = this.#realNow();
    this.#base = options.start ?? Date.now();
  }

  now(): number {
    return this.#base + (this.#realNow() - this.#realBase) * this.#speed;
  }

  get speed(): number {
    return this.#speed;
  }

  setSpeed(speed: number): void {
    const checked = checkSpeed(speed);
    this.#base = this.now();
    this.#realBase = this.#realNow();
    this.#speed = checked;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance by ${ms} ms`);
    this.#base += ms;
  }
}

function checkSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed < 0 || speed > 1_000_000) {
    throw new RangeError(`speed must be between 0 and 1000000, got ${speed}`);
  }
  return speed;
}
