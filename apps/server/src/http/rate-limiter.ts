import type { Clock } from '../clock.js';
import { AppError } from './app-error.js';

export interface RateLimitRule {
  /** how many hits a key may make in one window */
  limit: number;
  windowSeconds: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in memory, one per key. Enough for a single instance; with
 * REDIS_URL the same interface moves to Redis (scale-out, ARCHITECTURE §7).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  retryAfter(key: string, rule: RateLimitRule): number {
    const bucket = this.buckets.get(key);
    const now = this.clock.now().getTime();
    if (!bucket || bucket.resetAt <= now || bucket.count < rule.limit) return 0;
    return Math.max(1, Math.ceil((bucket.resetAt - now) / 1000));
  }

  hit(key: string, rule: RateLimitRule): void {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      this.buckets.set(key, { count: 1, resetAt: now + rule.windowSeconds * 1000 });
    } else {
      bucket.count += 1;
    }
  }

  /** Counts a hit and throws 429 with Retry-After when the key is over its limit. */
  consume(key: string, rule: RateLimitRule): void {
    this.throwIfLimited(key, rule);
    this.hit(key, rule);
  }

  throwIfLimited(key: string, rule: RateLimitRule): void {
    const wait = this.retryAfter(key, rule);
    if (wait > 0) {
      throw new AppError(
        'rate_limited',
        `Too many attempts. Try again in ${wait} seconds.`,
        { retry_after: wait },
        { 'retry-after': String(wait) },
      );
    }
  }

  reset(key: string): void {
    this.buckets.delete(key);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
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
} satisfies Record<string, RateLimitRule>;
