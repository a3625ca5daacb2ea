/** Timers and waits on simulated time; the printer runs them while it integrates. */

interface Timer {
  at: number;
  seq: number;
  run: () => void;
}

interface Waiter {
  isDone: () => boolean;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Pending waits are bounded so a client cannot pile up blocked commands without end. */
export const MAX_WAITERS = 256;

export class Scheduler {
  #timers: Timer[] = [];
  #waiters: Waiter[] = [];
  #seq = 0;

  /** Runs `run` once simulated time reaches `at` (ms). Returns a cancel function. */
  at(at: number, run: () => void): () => void {
    const timer: Timer = { at, seq: this.#seq++, run };
    this.#timers.push(timer);
    this.#timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  }

  nextDue(): number | undefined {
    return this.#timers[0]?.at;
  }

  runDue(now: number): void {
    while (this.#timers.length > 0 && (this.#timers[0] as Timer).at <= now) {
      const timer = this.#timers.shift() as Timer;
      timer.run();
    }
  }

  /** Resolves once `isDone` holds at a step boundary (at once if it holds already). */
  waitUntil(isDone: () => boolean): Promise<void> {
    if (isDone()) return Promise.resolve();
    if (this.#waiters.length >= MAX_WAITERS) {
      return Promise.reject(new Error('Too many pending commands'));
    }
    return new Promise((resolve, reject) => this.#waiters.push({ isDone, resolve, reject }));
  }

  checkWaiters(): void {
    if (this.#waiters.length === 0) return;
    const pending: Waiter[] = [];
    for (const waiter of this.#waiters) {
      if (waiter.isDone()) waiter.resolve();
      else pending.push(waiter);
    }
    this.#waiters = pending;
  }

  get pendingWaits(): number {
    return this.#waiters.length;
  }

  /** Fails every pending wait, e.g. when the firmware halts. */
  abortWaits(error: Error): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) waiter.reject(error);
  }
}
