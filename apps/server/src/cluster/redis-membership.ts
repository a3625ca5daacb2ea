import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';

export interface ClusterTimings {
  /** how often an instance says it is alive and renews its leadership */
  heartbeatMs: number;
  /** an instance silent this long is dead: its devices are released, its leadership lapses */
  ttlMs: number;
}

export const CLUSTER_TIMINGS: ClusterTimings = { heartbeatMs: 2000, ttlMs: 8000 };

/** Takes the lease when free, renews it when held; 1 when this instance leads. */
const LEAD = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not holder then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

const RESIGN = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

/** Releases every device a dead instance held, once: only the first caller gets the list. */
const RELEASE_DEAD = `
local owners = redis.call('HGETALL', KEYS[1])
local released = {}
for i = 1, #owners, 2 do
  if owners[i + 1] == ARGV[1] then
    redis.call('HDEL', KEYS[1], owners[i])
    table.insert(released, owners[i])
  end
end
redis.call('SREM', KEYS[2], ARGV[1])
return released`;

/**
 * Which instances are alive (a key per instance with a TTL, renewed by heartbeats), the
 * cleanup after one dies, and the one leader for periodic work (a lease with TTL renewal).
 */
export function createRedisMembership(deps: {
  commands: Redis;
  prefix: string;
  ownersKey: string;
  instanceId: string;
  clock: Clock;
  timings: ClusterTimings;
  /** this instance had been taken for dead (a long pause, a lost link): announce again */
  onRejoined(): Promise<void>;
  onDeadInstance(instanceId: string, deviceKeyIds: number[]): void;
}) {
  const { commands, prefix, instanceId, clock, timings } = deps;
  const aliveKey = (id: string) => `${prefix}instance:${id}`;
  const membersKey = `${prefix}instances`;
  const leaderKey = `${prefix}leader`;
  let leaderUntil = 0;
  let timer: NodeJS.Timeout | null = null;
  let isBeating = false;
  let hasFailed = false;
  let logger: FastifyBaseLogger | null = null;

  async function releaseDead(members: string[]): Promise<void> {
    const others = members.filter((id) => id !== instanceId);
    if (others.length === 0) return;
    const pipeline = commands.pipeline();
    for (const id of others) pipeline.exists(aliveKey(id));
    const alive = ((await pipeline.exec()) ?? []).map(([, value]) => value);
    for (const [index, dead] of others.entries()) {
      if (alive[index] !== 0) continue;
      const released = (await commands.eval(
        RELEASE_DEAD,
        2,
        deps.ownersKey,
        membersKey,
        dead,
      )) as string[];
      if (released.length === 0) continue; // it left cleanly, or another instance cleaned up
      logger?.warn({ instance: dead, devices: released.length }, 'a server instance died');
      deps.onDeadInstance(dead, released.map(Number));
    }
  }

  async function beat(): Promise<void> {
    const startedAt = clock.now().getTime();
    const results = await commands
      .multi()
      .set(aliveKey(instanceId), '1', 'PX', timings.ttlMs)
      .sadd(membersKey, instanceId)
      .eval(LEAD, 1, leaderKey, instanceId, timings.ttlMs)
      .smembers(membersKey)
      .exec();
    if (!results || results.some(([error]) => error)) throw new Error('heartbeat refused');
    const [added, leads, members] = results.slice(1).map(([, value]) => value);
    // the lease ends in Redis ttl after the command; stop believing a little earlier
    leaderUntil = leads === 1 ? startedAt + timings.ttlMs - timings.heartbeatMs : 0;
    if (added === 1) await deps.onRejoined();
    await releaseDead(members as string[]);
  }

  async function tick(): Promise<void> {
    if (isBeating) return;
    isBeating = true;
    try {
      await beat();
      if (hasFailed) logger?.info('cluster heartbeat works again (Redis)');
      hasFailed = false;
    } catch (error) {
      if (!hasFailed)
        logger?.warn({ reason: (error as Error).message }, 'cluster heartbeat failed (Redis)');
      hasFailed = true;
    } finally {
      isBeating = false;
    }
  }

  return {
    isLeader: () => clock.now().getTime() < leaderUntil,

    /** The first heartbeat (this instance is alive before it serves), then every interval. */
    async start(log: FastifyBaseLogger): Promise<void> {
      logger = log;
      await commands.set(aliveKey(instanceId), '1', 'PX', timings.ttlMs);
      await commands.sadd(membersKey, instanceId);
      await tick();
      timer = setInterval(() => void tick(), timings.heartbeatMs);
      timer.unref();
    },

    /**
     * Leaves: no longer alive, no longer leading. It stays listed, so another instance releases
     * whatever registration it could not remove itself on the way out.
     */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      leaderUntil = 0;
      await commands
        .multi()
        .del(aliveKey(instanceId))
        .eval(RESIGN, 1, leaderKey, instanceId)
        .exec()
        .catch(() => undefined);
    },
  };
}
