import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildUser, buildWorkspace } from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { INVITATION_LIMITS } from './invitations.service.js';

let t: TestServer;
const clock = new TestClock();
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(() => t.close());

const analyze = (token: string, group: number) =>
  t.api(`/api/groups/${group}/users/analyze/`, {
    method: 'POST',
    token,
    body: { emails: ['someone@example.com'] },
  });
const invite = (token: string, group: number, email: string) =>
  t.api(`/api/groups/${group}/users/`, { method: 'POST', token, body: { username: email } });

async function statusesOf(calls: number, call: (i: number) => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < calls; i += 1) statuses.push((await call(i)).status);
  return statuses;
}

describe('bulk-invite analysis is rationed', () => {
  it('per user: a new workspace does not buy a new budget', async () => {
    const admin = await buildUser(t);
    const [first, second] = [await buildWorkspace(t, admin), await buildWorkspace(t, admin)];
    const { limit } = INVITATION_LIMITS.analysesPerUser;
    const statuses = await statusesOf(limit, () => analyze(admin.access, first));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await analyze(admin.access, second);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(INVITATION_LIMITS.analysesPerUser.windowSeconds);
    const signedIn = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: admin.email, password: admin.password },
    });
    expect((await analyze(signedIn.body.access, second)).status).toBe(200);
  });

  it('per workspace: a second admin shares the workspace budget', async () => {
    const admin = await buildUser(t);
    const other = await buildUser(t);
    const group = await buildWorkspace(t, admin);
    await addMember(t, group, other, 'admin');
    const { limit } = INVITATION_LIMITS.analysesPerWorkspace;
    await statusesOf(limit, () => analyze(admin.access, group));
    expect((await analyze(other.access, group)).status).toBe(429);
    // the second admin's own budget is untouched elsewhere
    expect((await analyze(other.access, await buildWorkspace(t, other))).status).toBe(200);
    clock.advance(INVITATION_LIMITS.analysesPerWorkspace.windowSeconds);
  });
});

describe('invitations are rationed', () => {
  it('per user across workspaces and per workspace across admins', async () => {
    const admin = await buildUser(t);
    const other = await buildUser(t);
    const [first, second] = [await buildWorkspace(t, admin), await buildWorkspace(t, admin)];
    await addMember(t, first, other, 'admin');
    const { limit } = INVITATION_LIMITS.invitesPerUser;
    expect(INVITATION_LIMITS.invitesPerWorkspace.limit).toBe(limit);
    const statuses = await statusesOf(limit, (i) =>
      invite(admin.access, first, `limit${i}@example.com`),
    );
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const perUser = await invite(admin.access, second, 'one-more@example.com');
    expect(perUser.status).toBe(429);
    const perWorkspace = await invite(other.access, first, 'and-another@example.com');
    expect(perWorkspace.status).toBe(429);
    const pending = await t.api(`/api/groups/${second}/users/`, { token: admin.access });
    expect(pending.body.pendingInvitations).toEqual([]);
    clock.advance(INVITATION_LIMITS.invitesPerUser.windowSeconds);
  });
});
