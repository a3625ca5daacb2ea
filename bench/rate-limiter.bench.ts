/**
 * Issue 27: our rate limiter (rate-limit/rate-limiter.ts with memory or Redis counters) beside
 * `rate-limiter-flexible` (RateLimiterMemory, RateLimiterRedis), on the same rule: the cost of
 * one consume on one hot key and over many keys, in memory and in Redis, and the counts each
 * lets through when 200 consumes race for a limit of 5.
 *
 * The library is not a dependency: install it where Node finds it first, without saving,
 * `npm install --no-save rate-limiter-flexible`, then `npx tsx bench/rate-limiter.bench.ts`
 * (Redis at REDIS_URL, default redis://127.0.0.1:6379; without one the Redis rows are skipped).
 */
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { systemClock } from '../apps/server/src/clock.js';
import { RedisCounters } from '../apps/server/src/cluster/redis-counters.js';
import { MemoryCounters, RateLimiter } from '../apps/server/src/rate-limit/rate-limiter.js';

interface FlexibleLimiter {
  consume(key: string, points?: number): Promise<unknown>;
}
interface FlexibleModule {
  RateLimiterMemory: new (options: { points: number; duration: number }) => FlexibleLimiter;
  RateLimiterRedis: new (options: {
    storeClient: Redis;
    points: number;
    duration: number;
    keyPrefix: string;
  }) => FlexibleLimiter;
}

const RULE = { limit: 5, windowSeconds: 60 };
const CALLS = 20_000;
const REDIS_CALLS = 2_000;

/** Microseconds per call, for calls made one after the other. */
async function timePerCall(calls: number, run: (index: number) => Promise<unknown>) {
  for (let i = 0; i < 200; i += 1) await run(i).catch(() => undefined);
  const started = performance.now();
  for (let i = 0; i < calls; i += 1) await run(i).catch(() => undefined);
  return ((performance.now() - started) * 1000) / calls;
}

/** How many of 200 racing consumes of one fresh key get through a limit of 5. */
async function racingPasses(run: () => Promise<unknown>): Promise<number> {
  const answers = await Promise.allSettled(Array.from({ length: 200 }, run));
  return answers.filter((answer) => answer.status === 'fulfilled').length;
}

async function main(): Promise<void> {
  // a variable, so that the type check does not look for the library
  const name = 'rate-limiter-flexible';
  const flexible = (await import(name)) as FlexibleModule;
  const rows: string[][] = [];
  const row = (what: string, ours: number | string, theirs: number | string) =>
    rows.push([what, String(ours), String(theirs)]);
  const fmt = (us: number) => `${us.toFixed(2)} µs`;

  const ours = new RateLimiter(new MemoryCounters(systemClock));
  const theirs = new flexible.RateLimiterMemory({ points: RULE.limit, duration: 60 });
  row(
    'memory, one hot key, per consume',
    fmt(await timePerCall(CALLS, () => ours.consume('hot', RULE))),
    fmt(await timePerCall(CALLS, () => theirs.consume('hot'))),
  );
  row(
    'memory, a new key each call, per consume',
    fmt(await timePerCall(CALLS, (i) => ours.consume(`k${i}`, RULE))),
    fmt(await timePerCall(CALLS, (i) => theirs.consume(`k${i}`))),
  );
  row(
    'memory, 200 racing consumes, limit 5: passed',
    await racingPasses(() => ours.consume('race', RULE)),
    await racingPasses(() => theirs.consume('race')),
  );

  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  const isUp = await redis.connect().then(
    () => true,
    () => false,
  );
  if (isUp) {
    const prefix = `bench:${process.pid}:`;
    const oursRedis = new RateLimiter(
      new RedisCounters(redis, prefix, new MemoryCounters(systemClock)),
    );
    const theirsRedis = new flexible.RateLimiterRedis({
      storeClient: redis,
      points: RULE.limit,
      duration: 60,
      keyPrefix: `${prefix}flex`,
    });
    row(
      'Redis, one hot key, per consume',
      fmt(await timePerCall(REDIS_CALLS, () => oursRedis.consume('hot', RULE))),
      fmt(await timePerCall(REDIS_CALLS, () => theirsRedis.consume('hot'))),
    );
    row(
      'Redis, 200 racing consumes, limit 5: passed',
      await racingPasses(() => oursRedis.consume('race', RULE)),
      await racingPasses(() => theirsRedis.consume('race')),
    );
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();

  console.log('| what | ours | rate-limiter-flexible |');
  console.log('|---|---|---|');
  for (const [what, a, b] of rows) console.log(`| ${what} | ${a} | ${b} |`);
}

await main();
