import type { Clock } from '../clock.js';
import { AppError } from '../http/app-error.js';

export interface RateLimitRule {
  /** how many hits a key may make in one window */
  limit: number;
  windowSeconds: number;
}

/** Fixed-window counters: in this process, or in Redis when several instances share them. */
export interface CounterStore {
  /** the key's count in its current window and the milliseconds left of it; null when none */
  read(key: string): Promise<{ count: number; msLeft: number } | null>;
  /**
   * Counts one hit and answers the count with it, in one step (so racing requests never both
   * see room for one); the first hit of a window starts the window.
   */
  increment(key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;
  delete(key: string): Promise<void>;
  /** where the counts live right now (the /api/health answer) */
  scope(): RateLimitScope;
}

/** Health's `rate_limits`: one instance alone, shared through Redis, or per instance (Redis down). */
export type RateLimitScope = 'local' | 'shared' | 'per_instance';

interface Bucket {
  count: number;
  resetAt: number;
}

/** Counters in memory, one per key: the single-instance store. */
export class MemoryCounters implements CounterStore {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  read(key: string): Promise<{ count: number; msLeft: number } | null> {
    const bucket = this.buckets.get(key);
    const now = this.clock.now().getTime();
    if (!bucket || bucket.resetAt <= now) return Promise.resolve(null);
    return Promise.resolve({ count: bucket.count, msLeft: bucket.resetAt - now });
  }

  increment(key: string, windowMs: number): Promise<{ count: number; msLeft: number }> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 1, resetAt: now + windowMs };
      this.buckets.set(key, bucket);
    } else {
      bucket.count += 1;
    }
    return Promise.resolve({ count: bucket.count, msLeft: bucket.resetAt - now });
  }

  delete(key: string): Promise<void> {
    this.buckets.delete(key);
    return Promise.resolve();
  }

  scope(): RateLimitScope {
    return 'local';
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}

/**
 * Fixed-window rate limits, one counter per key, kept in a counter store: memory for one
 * instance, Redis for several (ARCHITECTURE §7), so a limit holds across every instance.
 */
export class RateLimiter {
  constructor(private readonly counters: CounterStore) {}

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  async retryAfter(key: string, rule: RateLimitRule): Promise<number> {
    const current = await this.counters.read(key);
    if (!current || current.count < rule.limit) return 0;
    return Math.max(1, Math.ceil(current.msLeft / 1000));
  }

  async hit(key: string, rule: RateLimitRule): Promise<void> {
    await this.counters.increment(key, rule.windowSeconds * 1000);
  }

  /**
   * Counts a hit and throws 429 with Retry-After when it is over the key's limit. Counting
   * and checking are one step (issue 23: 28 racing logins got past a limit of 5 when they
   * were two).
   */
  async consume(key: string, rule: RateLimitRule): Promise<void> {
    const { count, msLeft } = await this.counters.increment(key, rule.windowSeconds * 1000);
    if (count > rule.limit) throw tooManyAttempts(Math.max(1, Math.ceil(msLeft / 1000)));
  }

  async throwIfLimited(key: string, rule: RateLimitRule): Promise<void> {
    const wait = await this.retryAfter(key, rule);
    if (wait > 0) throw tooManyAttempts(wait);
  }

  reset(key: string): Promise<void> {
    return this.counters.delete(key);
  }

  scope(): RateLimitScope {
    return this.counters.scope();
  }
}

function tooManyAttempts(wait: number): AppError {
  return new AppError(
    'rate_limited',
    `Too many attempts. Try again in ${wait} seconds.`,
    { retry_after: wait },
    { 'retry-after': String(wait) },
  );
}

export const RATE_LIMITS = {
  /** every login attempt from one address */
  loginPerAddress: { limit: 30, windowSeconds: 60 },
  /** failed logins for one username from one address; a victim elsewhere is never locked out */
  loginFailuresPerUsername: { limit: 5, windowSeconds: 15 * 60 },
  /** token refreshes and mailed-token confirmations from one address */
  tokenUsePerAddress: { limit: 60, windowSeconds: 60 },
  /** mails sent on behalf of one address, and to one recipient */
  mailsPerAddress: { limit: 10, windowSeconds: 10 * 60 },
  mailsPerRecipient: { limit: 3, windowSeconds: 10 * 60 },
  /**
   * Authenticator and recovery codes tried for one account, from any address on any instance
   * (issue 23). Only someone past the password (or inside a session) can spend them, so it is
   * no lever to lock a stranger out.
   */
  secondFactorPerAccount: { limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;
