/**
 * Telegram's broadcast limits (https://core.telegram.org/bots/faq, "My bot is hitting limits"):
 * no more than 30 messages a second overall and about one a second to the same chat. A 429's
 * `retry_after` pauses everything until it has passed. Times are milliseconds from the clock.
 *
 * What counts is when a message reaches Telegram, somewhere between the start of its request
 * and its answer. So a send holds its slot from `tryTake` until `release`, and the second it
 * is counted in starts at `release`: at most 30 messages are on their way or finished within
 * the last second, and a chat's next message starts a second after its previous one finished.
 */
export interface RateLimits {
  perSecond: number;
  perChatIntervalMs: number;
}

export const TELEGRAM_LIMITS: RateLimits = { perSecond: 30, perChatIntervalMs: 1000 };

type MaybePromise<T> = T | Promise<T>;

/**
 * The limiter the senders use: this process's memory (TelegramRateLimiter) or, with several
 * instances, Redis (RedisTelegramRateLimiter), so the instances share one chat's second.
 */
export interface TelegramLimiter {
  tryTake(chat: string, now: number): MaybePromise<number>;
  take(chat: string, now: number): MaybePromise<{ wait: number; isGlobal: boolean }>;
  release(chat: string, now: number): MaybePromise<void>;
  pause(now: number, retryAfterSeconds: number): MaybePromise<void>;
}

/** How long to wait when all 30 slots are held by sends still on their way. */
const BUSY_WAIT_MS = 20;

export class TelegramRateLimiter implements TelegramLimiter {
  /** when recent sends finished, oldest first */
  private readonly finished: number[] = [];
  private readonly inFlightByChat = new Map<string, number>();
  private inFlight = 0;
  private readonly lastByChat = new Map<string, number>();
  private pausedUntil = 0;
  /** the time after the last slot handed to a waiting message, per chat */
  private readonly reservedByChat = new Map<string, number>();

  constructor(private readonly limits: RateLimits = TELEGRAM_LIMITS) {}

  /** Takes a slot for `chat` at `now` and answers 0, or answers how long to wait for one. */
  tryTake(chat: string, now: number): number {
    return this.waitFor(chat, now).wait;
  }

  /**
   * `tryTake` for a queue of messages: says whether the wait is the chat's own (other chats
   * may go now) or everyone's (nothing goes before it). Messages told to wait for one chat get
   * successive slots a chat interval apart, so each of them waits about once, not once a
   * second until its turn comes.
   */
  take(chat: string, now: number): { wait: number; isGlobal: boolean } {
    const wait = this.waitFor(chat, now);
    if (wait.wait <= 0 || wait.isGlobal) return wait;
    const turn = Math.max(this.reservedByChat.get(chat) ?? 0, now + wait.wait);
    this.reservedByChat.set(chat, turn + this.limits.perChatIntervalMs);
    return { wait: turn - now, isGlobal: false };
  }

  private waitFor(chat: string, now: number): { wait: number; isGlobal: boolean } {
    if (now < this.pausedUntil) return { wait: this.pausedUntil - now, isGlobal: true };
    while (this.finished.length > 0 && this.finished[0]! <= now - 1000) this.finished.shift();
    // its next message starts a full interval after this one finishes: at least that long
    if (this.inFlightByChat.has(chat))
      return { wait: this.limits.perChatIntervalMs, isGlobal: false };
    const chatLast = this.lastByChat.get(chat);
    const chatWait = chatLast === undefined ? 0 : chatLast + this.limits.perChatIntervalMs - now;
    const isFull = this.inFlight + this.finished.length >= this.limits.perSecond;
    const globalWait = !isFull
      ? 0
      : this.finished.length > 0
        ? this.finished[0]! + 1000 - now
        : BUSY_WAIT_MS;
    if (globalWait > 0) return { wait: Math.max(globalWait, chatWait), isGlobal: true };
    if (chatWait > 0) return { wait: chatWait, isGlobal: false };
    this.inFlight += 1;
    this.inFlightByChat.set(chat, now);
    this.lastByChat.set(chat, now);
    if (this.lastByChat.size > 10_000) this.forgetOldChats(now);
    return { wait: 0, isGlobal: false };
  }

  /** The send that took a slot for `chat` is over (sent or not). */
  release(chat: string, now: number): void {
    if (!this.inFlightByChat.delete(chat)) return;
    this.inFlight -= 1;
    this.finished.push(now);
    this.lastByChat.set(chat, Math.max(this.lastByChat.get(chat) ?? 0, now));
  }

  /** Telegram said 429: nothing goes out before `retryAfterSeconds` has passed. */
  pause(now: number, retryAfterSeconds: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterSeconds * 1000);
  }

  private forgetOldChats(now: number): void {
    for (const [chat, at] of this.lastByChat) {
      if (at + this.limits.perChatIntervalMs <= now && !this.inFlightByChat.has(chat)) {
        this.lastByChat.delete(chat);
      }
    }
    for (const [chat, at] of this.reservedByChat) {
      if (at <= now) this.reservedByChat.delete(chat);
    }
  }
}
