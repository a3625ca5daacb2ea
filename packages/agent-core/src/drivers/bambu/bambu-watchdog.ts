/**
 * OpenBambuAPI (`mqtt.md`, "pushing.pushall") asks clients not to send `pushall` to a P1P more
 * often than every 5 minutes: a full report costs the printer's small MCU enough to stutter
 * a print (reference §1.5). The watchdog keeps to it; the one pushall after each (re)connect is
 * always sent, as a new session knows nothing without it, and counts toward the spacing.
 */
export const PUSHALL_MIN_INTERVAL_MS = 5 * 60_000;

export type WatchdogAction = 'none' | 'pushall' | 'reconnect';

/**
 * The silence rule of a Bambu MQTT link (reference §1.3: P1/A1 brokers can stop publishing
 * while TCP stays up). An idle P1/A1 is silent for long stretches by design and MQTT's own
 * keepalive (PINGREQ) already catches a dead socket, so silence alone never reconnects: after
 * `silenceMs` without a message, a pushall is sent once the 5-minute spacing allows; a pushall
 * that `silenceMs` later still brought nothing means the broker stalled: reconnect.
 */
export class PushallWatchdog {
  #lastMessageAt: number;
  #lastPushallAt: number;
  /** when the watchdog's own pushall went out, until a message answers it */
  #probeAt: number | null = null;

  constructor(
    readonly silenceMs: number,
    now: number,
    readonly minIntervalMs = PUSHALL_MIN_INTERVAL_MS,
  ) {
    this.#lastMessageAt = now;
    this.#lastPushallAt = -Infinity;
  }

  onMessage(now: number): void {
    this.#lastMessageAt = now;
    this.#probeAt = null;
  }

  /** A (re)connect: its pushall goes out now and counts toward the spacing. */
  onConnect(now: number): void {
    this.#lastMessageAt = now;
    this.#lastPushallAt = now;
    this.#probeAt = null;
  }

  check(now: number): WatchdogAction {
    if (this.#probeAt !== null) return now - this.#probeAt >= this.silenceMs ? 'reconnect' : 'none';
    if (now - this.#lastMessageAt < this.silenceMs) return 'none';
    if (now - this.#lastPushallAt < this.minIntervalMs) return 'none';
    this.#lastPushallAt = now;
    this.#probeAt = now;
    return 'pushall';
  }

  silentMsAt(now: number): number {
    return now - this.#lastMessageAt;
  }
}
