import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import type { TestServer } from '../../test-support/test-server.js';
import {
  createClusterStorage,
  startFlakyLink,
  startInProcessInstance,
  type ClusterStorage,
  type FlakyLink,
} from '../../test-support/cluster.js';

/** One instance reaching Redis through a link the test refuses, then stalls (issue 23). */
let storage: ClusterStorage;
let link: FlakyLink;
let t: TestServer;
let user: BuiltUser;

beforeAll(async () => {
  storage = await createClusterStorage();
  link = await startFlakyLink(storage.redisUrl);
  t = await startInProcessInstance(storage, { env: { REDIS_URL: link.url } });
  user = await buildUser(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await link?.close();
  await storage?.cleanup();
});

const signIn = () =>
  t.api('/api/tokens/', {
    method: 'POST',
    body: { username: user.email, password: user.password },
  });
const rateLimits = async () => (await t.api('/api/health')).body.rate_limits as string;

describe('rate limits when Redis fails', () => {
  it('a refused Redis: sign-in works, limits count per instance, and the log and health say so', async () => {
    expect(await rateLimits()).toBe('shared');
    link.cut();
    await eventually(async () => expect(await rateLimits()).toBe('per_instance'));
    expect(t.logs.some((line) => String(line.msg).includes('rate limits count per instance'))).toBe(
      true,
    );
    expect((await signIn()).status).toBe(200);
    link.restore();
    await eventually(async () => expect(await rateLimits()).toBe('shared'), 20_000);
  }, 30_000);

  it('a stalled Redis: sign-in fails closed with 503 instead of hanging', async () => {
    expect((await signIn()).status).toBe(200);
    link.stall();
    const stalled = await signIn();
    expect(stalled.status).toBe(503);
    expect(stalled.body.code).toBe('service_unavailable');
    expect(JSON.stringify(stalled.body)).not.toContain(user.password);
  }, 30_000);
});
