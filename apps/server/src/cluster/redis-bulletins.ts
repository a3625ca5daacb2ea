import type { Redis } from 'ioredis';
import type { Bulletins } from './cluster.js';

/**
 * Bulletins in Redis: one key each with a TTL, so what a dead instance last posted lapses. While
 * Redis does not answer, a post is dropped (the next one comes soon) and a read finds nothing.
 */
export function createRedisBulletins(redis: Redis, prefix: string): Bulletins {
  const key = (name: string) => `${prefix}bulletin:${name}`;
  return {
    async post(name, value, ttlMs) {
      await redis.set(key(name), value, 'PX', ttlMs).catch(() => undefined);
    },
    read: (name) => redis.get(key(name)).catch(() => null),
    async remove(name) {
      await redis.del(key(name)).catch(() => undefined);
    },
  };
}
