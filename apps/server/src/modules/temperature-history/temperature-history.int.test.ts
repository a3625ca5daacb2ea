import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import {
  connectFakeAgent,
  eventually,
  readyState,
  type FakeAgent,
} from '../../../test-support/fake-agent.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
const clock = new TestClock();
let owner: BuiltUser;
let stranger: BuiltUser;
let printerId: number;
let agent: FakeAgent;
let workspaceId: number;

const temperature = (nozzle: number, bed: number) => ({
  temperature: { tool0: { actual: nozzle, target: 215 }, bed: { actual: bed, target: 60 } },
});
const history = (id: number, token: string) =>
  t.api(`/api/printers/${id}/temperature-history/`, { token });

/** Access tokens live minutes; after the clock jumped, sign in again. */
async function signIn(user: BuiltUser): Promise<string> {
  const login = await t.api('/api/tokens/', {
    method: 'POST',
    body: { username: user.email, password: user.password },
  });
  return login.body.access as string;
}

/** Sends a patch and waits until the gateway has taken it, so the clock moves between reports. */
async function report(nozzle: number, bed: number, token: string): Promise<void> {
  agent.send({ type: 'state', kind: 'patch', state: temperature(nozzle, bed) });
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, { token });
    expect(states.body[0].temperature.tool0.actual).toBe(nozzle);
  });
}

beforeAll(async () => {
  // the reports below come faster than an agent's usual rate
  ({ t, user: owner } = await startServerWithUser({
    clock,
    gatewayLimits: { messagesPerSecond: 10_000, messageBurst: 10_000 },
  }));
  stranger = await buildUser(t);
  workspaceId = await buildWorkspace(t, owner);
  await buildWorkspace(t, stranger);
  const key = (await t.api('/api/device_keys/', { method: 'POST', token: owner.access })).body
    .token;
  printerId = (
    await t.api('/api/printers/', {
      method: 'POST',
      token: owner.access,
      body: { group: workspaceId, name: 'MK4', token: key },
    })
  ).body.id;
  agent = await connectFakeAgent(t.baseUrl, key);
  await agent.hello();
});
afterAll(async () => {
  agent.close();
  await t.close();
});

describe('temperature history', () => {
  it('is empty before the printer reports, then follows it heating up', async () => {
    expect((await history(printerId, owner.access)).body).toMatchObject({
      interval_seconds: 5,
      window_seconds: 1800,
      samples: [],
    });
    agent.send({ type: 'state', kind: 'snapshot', state: readyState(temperature(21, 20)) });
    await report(21, 20, owner.access);
    for (let step = 1; step <= 5; step += 1) {
      clock.advance(5);
      await report(21 + step * 30, 20 + step * 8, owner.access);
    }
    const samples = await eventually(async () => {
      const answer = await history(printerId, owner.access);
      expect(answer.status).toBe(200);
      expect(answer.body.samples.at(-1).nozzle_actual).toBe(171);
      return answer.body.samples as Array<Record<string, number>>;
    });
    expect(samples.map((s) => s.nozzle_actual)).toEqual(
      expect.arrayContaining([21, 51, 81, 111, 141, 171]),
    );
    expect(samples.at(-1)).toMatchObject({ nozzle_target: 215, bed_actual: 60, bed_target: 60 });
    const times = samples.map((s) => Date.parse(String(s.time)));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('is bounded to the last 30 minutes, at most one sample per 5 s', async () => {
    // 40 minutes of reports every 5 s, and one more in between
    let token = owner.access;
    for (let step = 0; step < 480; step += 1) {
      clock.advance(5);
      if (step % 60 === 0) token = await signIn(owner);
      await report(200 + (step % 10), 60, token);
    }
    clock.advance(0.5);
    await report(215.5, 60, token);
    const answer = await history(printerId, token);
    const samples = answer.body.samples as Array<{ time: string; nozzle_actual: number }>;
    // the report half a second after the last sample waits for the next interval
    expect(samples.at(-1)!.nozzle_actual).not.toBe(215.5);
    expect(samples.length).toBeGreaterThan(300);
    expect(samples.length).toBeLessThanOrEqual(360);
    const oldest = Date.parse(samples[0]!.time);
    expect(clock.now().getTime() - oldest).toBeLessThanOrEqual(30 * 60_000);
  });

  it("answers 404 for another workspace's printer and for an unknown one", async () => {
    const foreign = await history(printerId, await signIn(stranger));
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    const token = await signIn(owner);
    expect((await history(999_999, token)).status).toBe(404);
    expect((await t.api(`/api/printers/abc/temperature-history/`, { token })).status).toBe(400);
    expect((await t.api(`/api/printers/${printerId}/temperature-history/`)).status).toBe(401);
  });
});
