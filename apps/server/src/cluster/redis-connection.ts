import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { redactUrlPassword } from '../logging/redact.js';
import { optionalPackage } from '../optional-package.js';

const loadRedis = optionalPackage<typeof IORedis>('ioredis');

/** How long the first connection may take before the server refuses to start. */
const CONNECT_TIMEOUT_MS = 5000;
/**
 * How long a command may wait for its answer: a Redis that holds the link open and never
 * answers (a stalled host, a half-open link) fails the request after this instead of hanging it.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

export class RedisUnreachableError extends Error {
  constructor(url: string, reason: string) {
    super(
      `REDIS_URL: cannot reach Redis at ${redactUrlPassword(url)} (${reason}): check that Redis runs there and the address is right, or unset REDIS_URL to run a single instance`,
    );
    this.name = 'RedisUnreachableError';
  }
}

/**
 * One Redis connection. Commands fail at once while the link is down (no offline queue) and
 * after REDIS_COMMAND_TIMEOUT_MS when Redis does not answer, so a request that needs Redis
 * answers 503 instead of hanging; the link reconnects by itself.
 */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const redis = new (loadRedis().Redis)(url, {
    lazyConnect: true,
    connectionName: name,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // errors are reported through the link's state changes; an unheard 'error' would crash
  redis.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  // a server that accepts and never answers would hold the start forever
  const silent = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([redis.connect().then(() => redis.ping()), silent]);
  } catch (error) {
    redis.disconnect();
    throw new RedisUnreachableError(url, (error as Error).message || 'connection failed');
  } finally {
    clearTimeout(timer);
  }
  return redis;
}
