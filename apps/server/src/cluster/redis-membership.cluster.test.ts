import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { eventually } from '../../test-support/fake-agent.js';
import { requireClusterEngines } from '../../test-support/cluster.js';
import { createRedisMembership } from './redis-membership.js';

const { redisUrl } = requireClusterEngines();
const prefix = `printdeck-test-membership-${randomBytes(4).toString('hex')}:`;
const ownersKey = `${prefix}device-owner`;
const timings = { heartbeatMs: 100, ttlMs: 500 };
const silent = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const connections: Redis[] = [];

function member(instanceId: string) {
  const commands = new Redis(redisUrl);
  connections.push(commands);
  const dead: Array<{ instance: string; devices: number[] }> = [];
  let rejoined = 0;
  const membership = createRedisMembership({
    commands,
    prefix,
    ownersKey,
    instanceId,
    clock: systemClock,
    timings,
    onRejoined: () => {
      rejoined += 1;
      return Promise.resolve();
    },
    onDeadInstance: (instance, devices) => dead.push({ instance, devices }),
  });
  return { membership, commands, dead, rejoined: () => rejoined };
}

afterAll(async () => {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  for (const connection of connections) connection.disconnect();
});

describe('instances in Redis', () => {
  it('one leads at a time; when it leaves another takes over', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map(member);
    for (const m of [a!, b!, c!]) await m.membership.start(silent);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const leaders = () => [a!, b!, c!].filter((m) => m.membership.isLeader());
    expect(leaders()).toHaveLength(1);
    const first = leaders()[0]!;
    await first.membership.stop();
    await eventually(async () => {
      expect(leaders()).toHaveLength(1);
      expect(leaders()[0]).not.toBe(first);
    });
    for (const m of [a!, b!, c!]) await m.membership.stop();
  });

  it("a dead instance's devices are released once, told to one survivor", async () => {
    const [d, e, f] = ['d', 'e', 'f'].map(member);
    for (const m of [d!, e!, f!]) await m.membership.start(silent);
    await d!.commands.hset(ownersKey, '101', 'd', '102', 'd', '103', 'e');
    // d leaves (a crash lets its key expire instead; the survivors do the same either way)
    await d!.membership.stop();
    await eventually(async () =>
      expect([...e!.dead, ...f!.dead]).toEqual([{ instance: 'd', devices: [101, 102] }]),
    );
    await new Promise((resolve) => setTimeout(resolve, 3 * timings.ttlMs));
    expect([...e!.dead, ...f!.dead]).toHaveLength(1);
    expect(await e!.commands.hgetall(ownersKey)).toEqual({ '103': 'e' });
    for (const m of [e!, f!]) await m.membership.stop();
  });

  it('an instance taken for dead announces itself again when it is back', async () => {
    const g = member('g');
    await g.membership.start(silent);
    await g.commands.srem(`${prefix}instances`, 'g'); // what another instance's cleanup does
    await eventually(async () => expect(g.rejoined()).toBe(1));
    await g.membership.stop();
  });
});
