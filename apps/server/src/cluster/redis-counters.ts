import type { Redis } from 'ioredis';
import { AppError } from '../http/app-error.js';
import type { CounterStore, MemoryCounters, RateLimitScope } from '../rate-limit/rate-limiter.js';

const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** A Redis that holds the link open but does not answer (redis-connection's command timeout). */
function isStalled(error: unknown): boolean {
  return error instanceof Error && /timed out/i.test(error.message);
}

export const rateLimitsUnavailable = () =>
  new AppError(
    'service_unavailable',
    'Sign-in and other limited requests are unavailable for a moment: the shared rate-limit store does not answer. Try again shortly.',
  );

/**
 * Rate-limit counters in Redis, so a limit holds across every instance. While the link to
 * Redis is down (refused, reconnecting) the instance counts in its own memory instead of
 * letting everything through: limits then hold per instance (health says "per_instance"). A
 * Redis that accepts and never answers fails closed: 503 after the command timeout, since
 * counting locally beside a Redis other instances may still reach would split the count.
 */
export class RedisCounters implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly fallback: MemoryCounters,
  ) {}

  async read(key: string): Promise<{ count: number; msLeft: number } | null> {
    try {
      const [count, msLeft] = await this.redis
        .multi()
        .get(this.key(key))
        .pttl(this.key(key))
        .exec()
        .then((results) => (results ?? []).map(([, value]) => value));
      if (count === null || count === undefined || typeof msLeft !== 'number' || msLeft <= 0)
        return null;
      return { count: Number(count), msLeft };
    } catch (error) {
      if (isStalled(error)) throw rateLimitsUnavailable();
      return this.fallback.read(key);
    }
  }

  async increment(key: string, windowMs: number): Promise<{ count: number; msLeft: number }> {
    try {
      const [count, msLeft] = (await this.redis.eval(INCREMENT, 1, this.key(key), windowMs)) as [
        number,
        number,
      ];
      return { count: Number(count), msLeft: Math.max(0, Number(msLeft)) };
    } catch (error) {
      if (isStalled(error)) throw rateLimitsUnavailable();
      return this.fallback.increment(key, windowMs);
    }
  }

  async delete(key: string): Promise<void> {
    await this.fallback.delete(key);
    await this.redis.del(this.key(key)).catch(() => undefined);
  }

  scope(): RateLimitScope {
    return this.redis.status === 'ready' ? 'shared' : 'per_instance';
  }

  private key(key: string): string {
    return `${this.prefix}limit:${key}`;
  }
}
