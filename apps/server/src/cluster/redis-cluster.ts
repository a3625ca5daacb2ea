import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { RedisTelegramRateLimiter } from '../modules/telegram/redis-telegram-rate-limit.js';
import { RedisTemperatureStore } from '../modules/temperature-history/redis-temperature-store.js';
import { MemoryCounters } from '../rate-limit/rate-limiter.js';
import type { Cluster } from './cluster.js';
import { connectRedis } from './redis-connection.js';
import { RedisCounters } from './redis-counters.js';
import { createRedisBulletins } from './redis-bulletins.js';
import { createRedisLeases } from './redis-leases.js';
import { createRedisDeviceBus, redisKeys } from './redis-device-bus.js';
import { CLUSTER_TIMINGS, createRedisMembership, type ClusterTimings } from './redis-membership.js';

export interface RedisClusterOptions {
  url: string;
  /** every key and channel starts with it, so deployments (and test runs) can share a Redis */
  keyPrefix: string;
  clock: Clock;
  timings?: ClusterTimings;
}

/**
 * Several instances as one service through Redis (ARCHITECTURE §7): live device state, the
 * device registry, command routing, rate limits, temperature graphs, Telegram's limits and the
 * leader for periodic work. Background rows (outbox, encode jobs, queue claims) are claimed in
 * the database and need nothing here.
 */
export async function connectRedisCluster(options: RedisClusterOptions): Promise<Cluster> {
  const { clock, keyPrefix } = options;
  const instanceId = `${os.hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const commands = await connectRedis(options.url, `printdeck-${instanceId}`);
  const subscriber = await connectRedis(options.url, `printdeck-${instanceId}-sub`).catch(
    (error: unknown) => {
      commands.disconnect();
      throw error;
    },
  );
  const keys = redisKeys(keyPrefix);
  const devices = createRedisDeviceBus({ commands, subscriber, keys, instanceId });
  const membership = createRedisMembership({
    commands,
    prefix: keyPrefix,
    ownersKey: keys.owners,
    instanceId,
    clock,
    timings: options.timings ?? CLUSTER_TIMINGS,
    onRejoined: () => devices.resync(),
    onDeadInstance: (dead, deviceKeyIds) => devices.announceOrphaned(dead, deviceKeyIds),
  });
  let logger: FastifyBaseLogger | null = null;
  let wasLost = false;

  const onLost = () => {
    if (wasLost) return;
    wasLost = true;
    logger?.warn(
      'lost the link to Redis: serving this instance’s own printers, rate limits count per instance until it is back, reconnecting',
    );
  };
  const onBack = () => {
    if (!wasLost || commands.status !== 'ready' || subscriber.status !== 'ready') return;
    wasLost = false;
    logger?.info('the link to Redis is back');
    devices.resync().catch((error: unknown) => {
      logger?.warn({ reason: (error as Error).message }, 'resync after Redis came back failed');
    });
  };
  for (const connection of [commands, subscriber]) {
    connection.on('close', onLost);
    connection.on('ready', onBack);
  }

  return {
    isShared: true,
    devices: devices.bus,
    counters: new RedisCounters(commands, keyPrefix, new MemoryCounters(clock)),
    temperatures: new RedisTemperatureStore(commands, keyPrefix),
    telegramLimiter: new RedisTelegramRateLimiter(commands, keyPrefix),
    leases: createRedisLeases(commands, keyPrefix, instanceId),
    bulletins: createRedisBulletins(commands, keyPrefix),
    isLeader: membership.isLeader,
    async start(log) {
      logger = log;
      await devices.start(log);
      await membership.start(log);
      log.info({ instance: instanceId }, 'joined the cluster (Redis)');
    },
    async stop() {
      devices.stop();
      await devices.flush();
      await membership.stop();
      for (const connection of [commands, subscriber]) connection.removeAllListeners('close');
      await Promise.all([commands.quit(), subscriber.quit()]).catch(() => undefined);
    },
  };
}
