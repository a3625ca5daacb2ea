import type { Redis } from 'ioredis';
import type { CounterStore, MemoryCounters } from '../http/rate-limiter.js';

const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/**
 * Rate-limit counters in Redis, so a limit holds across every instance. While Redis cannot be
 * reached the instance counts in its own memory instead of letting everything through.
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
    } catch {
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
    } catch {
      return this.fallback.increment(key, windowMs);
    }
  }

  async delete(key: string): Promise<void> {
    await this.fallback.delete(key);
    await this.redis.del(this.key(key)).catch(() => undefined);
  }

  private key(key: string): string {
    return `${this.prefix}limit:${key}`;
  }
}
