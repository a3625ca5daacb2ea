import type { Redis } from 'ioredis';
import type { Leases } from './cluster.js';

/** Takes the lease when free, renews it when held; 1 when this instance holds it. */
const CLAIM = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not holder then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

/**
 * Leases in Redis: a key per lease holding the instance's id, with a TTL its holder renews. An
 * instance that dies stops renewing and another takes the lease once it lapses. While Redis
 * does not answer an instance keeps what it held and takes nothing new.
 */
export function createRedisLeases(redis: Redis, prefix: string, instanceId: string): Leases {
  const held = new Set<string>();
  const key = (name: string) => `${prefix}lease:${name}`;
  return {
    async claim(name, ttlMs) {
      try {
        const isHeld = (await redis.eval(CLAIM, 1, key(name), instanceId, ttlMs)) === 1;
        if (isHeld) held.add(name);
        else held.delete(name);
        return isHeld;
      } catch {
        return held.has(name);
      }
    },
    async release(name) {
      held.delete(name);
      await redis.eval(RELEASE, 1, key(name), instanceId).catch(() => undefined);
    },
  };
}
