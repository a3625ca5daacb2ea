import type { Clock } from '../clock.js';
import { TelegramRateLimiter } from '../modules/telegram/telegram-rate-limit.js';
import { RingBufferTemperatureStore } from '../modules/temperature-history/ring-buffer-temperature-store.js';
import { MemoryCounters } from '../rate-limit/rate-limiter.js';
import type { Bulletins, Cluster, DeviceBus } from './cluster.js';

/** One process, nothing shared (no REDIS_URL): every device is local, this instance leads. */
export function createLocalCluster(clock: Clock): Cluster {
  const devices: DeviceBus = {
    instanceId: 'local',
    bind: () => undefined,
    publish: () => undefined,
    // never called: without other instances no device has a remote holder
    request: () => Promise.reject(new Error('no other server instances')),
    notify: () => false,
    disconnect: () => undefined,
  };
  return {
    isShared: false,
    devices,
    counters: new MemoryCounters(clock),
    temperatures: new RingBufferTemperatureStore(),
    telegramLimiter: new TelegramRateLimiter(),
    leases: { claim: () => Promise.resolve(true), release: () => Promise.resolve() },
    bulletins: createLocalBulletins(clock),
    isLeader: () => true,
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}

function createLocalBulletins(clock: Clock): Bulletins {
  const posted = new Map<string, { value: string; until: number }>();
  return {
    post(name, value, ttlMs) {
      posted.set(name, { value, until: clock.now().getTime() + ttlMs });
      return Promise.resolve();
    },
    read(name) {
      const entry = posted.get(name);
      return Promise.resolve(entry && entry.until > clock.now().getTime() ? entry.value : null);
    },
    remove(name) {
      posted.delete(name);
      return Promise.resolve();
    },
  };
}
