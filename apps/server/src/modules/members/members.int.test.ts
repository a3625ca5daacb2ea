import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { createApiKey } from '../../../test-support/api-keys.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';

let t: TestServer;
let admin: BuiltUser;
beforeAll(async () => ({ t, user: admin } = await startServerWithUser()));
afterAll(() => t.close());

const members = (workspaceId: number, token: string) =>
  t.api(`/api/groups/${workspaceId}/users/`, { token });
const setRole = (workspaceId: number, userId: number, role: string, token: string) =>
  t.api(`/api/groups/${workspaceId}/users/${userId}/`, { method: 'PATCH', token, body: { role } });
const remove = (workspaceId: number, userId: number, token: string) =>
  t.api(`/api/groups/${workspaceId}/users/${userId}/`, { method: 'DELETE', token });

async function workspaceWith(roles: Array<'admin' | 'user' | 'junior' | 'observer'>) {
  const workspaceId = await buildWorkspace(t, admin);
  const users: BuiltUser[] = [];
  for (const role of roles) {
    const user = await buildUser(t);
    await addMember(t, workspaceId, user, role);
    users.push(user);
  }
  return { workspaceId, users };
}

describe('GET /api/groups/{g}/users/', () => {
  it('lists members with e-mail and role for VIEW_GROUP_MEMBERS; 403 for juniors and observers', async () => {
    const {
      workspaceId,
      users: [user, junior, observer],
    } = await workspaceWith(['user', 'junior', 'observer']);
    const list = await members(workspaceId, user!.access);
    expect(list.status).toBe(200);
    expect(list.body.users).toHaveLength(4);
    expect(list.body.users).toContainEqual({ userId: admin.id, email: admin.email, role: 'admin' });
    expect(list.body.users).toContainEqual({
      userId: observer!.id,
      email: observer!.email,
      role: 'observer',
    });
    expect(list.body.pendingInvitations).toEqual([]);
    expect((await members(workspaceId, junior!.access)).status).toBe(403);
    expect((await members(workspaceId, observer!.access)).status).toBe(403);
  });

  it("is 404 for a workspace one is not in, with the spec's message", async () => {
    const { workspaceId } = await workspaceWith([]);
    const stranger = await buildUser(t);
    await buildWorkspace(t, stranger);
    const response = await members(workspaceId, stranger.access);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(
      `Workspace does not exists — Can't find requested workspace with ID: ${workspaceId}`,
    );
  });
});

describe('PATCH /api/groups/{g}/users/{u}/', () => {
  it('lets an admin change roles; members without MANAGE_GROUP_MEMBERS get 403', async () => {
    const {
      workspaceId,
      users: [user, observer],
    } = await workspaceWith(['user', 'observer']);
    const promoted = await setRole(workspaceId, observer!.id, 'user', admin.access);
    expect(promoted.status).toBe(200);
    expect(promoted.body).toEqual({ userId: observer!.id, email: observer!.email, role: 'user' });
    const byUser = await setRole(workspaceId, observer!.id, 'admin', user!.access);
    expect(byUser.status).toBe(403);
    const bySelf = await setRole(workspaceId, user!.id, 'admin', user!.access);
    expect(bySelf.status).toBe(403);
    const roles = (await members(workspaceId, admin.access)).body.users.map(
      (m: { role: string }) => m.role,
    );
    expect(roles.filter((role: string) => role === 'admin')).toHaveLength(1);
  });

  it('never demotes the last admin; with a second admin the first may step down', async () => {
    const {
      workspaceId,
      users: [user],
    } = await workspaceWith(['user']);
    const refused = await setRole(workspaceId, admin.id, 'user', admin.access);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'conflict',
      message: "The last admin of a workspace can't be demoted. Make another member admin first.",
    });
    expect((await setRole(workspaceId, user!.id, 'admin', admin.access)).status).toBe(200);
    expect((await setRole(workspaceId, admin.id, 'observer', admin.access)).status).toBe(200);
    expect((await setRole(workspaceId, user!.id, 'user', user!.access)).status).toBe(409);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const {
      workspaceId,
      users: [other],
    } = await workspaceWith(['admin']);
    const results = await Promise.all([
      setRole(workspaceId, other!.id, 'user', admin.access),
      setRole(workspaceId, admin.id, 'user', other!.access),
    ]);
    // whoever comes second has either lost the right to change roles (403) or is the last admin (409)
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.map((r) => r.status)).not.toContain(500);
    const admins = (await t.server.database.db
      .selectFrom('memberships')
      .select('user_id')
      .where('workspace_id', '=', workspaceId)
      .where('role', '=', 'admin')
      .execute()) as unknown[];
    expect(admins).toHaveLength(1);
  });

  it('refuses an unknown role, a non-member target (404) and malformed ids', async () => {
    const { workspaceId } = await workspaceWith([]);
    expect((await setRole(workspaceId, admin.id, 'owner', admin.access)).status).toBe(400);
    const outsider = await buildUser(t);
    const missing = await setRole(workspaceId, outsider.id, 'user', admin.access);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found.');
    const malformed = await t.api(`/api/groups/${workspaceId}/users/1.5/`, {
      method: 'PATCH',
      token: admin.access,
      body: { role: 'user' },
    });
    expect(Object.keys(malformed.body.details)).toEqual(['params.userId']);
  });
});

describe('DELETE /api/groups/{g}/users/{u}/', () => {
  it('lets an admin remove a member and any member leave; never the last admin', async () => {
    const {
      workspaceId,
      users: [user, junior],
    } = await workspaceWith(['user', 'junior']);
    expect((await remove(workspaceId, junior!.id, user!.access)).status).toBe(403);
    expect((await remove(workspaceId, user!.id, user!.access)).status).toBe(204);
    expect((await remove(workspaceId, junior!.id, admin.access)).status).toBe(204);
    const last = await remove(workspaceId, admin.id, admin.access);
    expect(last.status).toBe(409);
    expect(last.body.message).toMatch(/last admin/);
    expect((await members(workspaceId, admin.access)).body.users).toEqual([
      { userId: admin.id, email: admin.email, role: 'admin' },
    ]);
  });

  it("ends the removed member's access at once, for tokens and API keys alike", async () => {
    const {
      workspaceId,
      users: [user],
    } = await workspaceWith(['user']);
    const { key } = await createApiKey(t, user!.access, 'PRINT_TO_GROUP');
    const upload = (token: string) =>
      uploadFile(t, token, workspaceId, { bytes: buildTextGcode(), filename: 'a.gcode' });
    expect((await upload(user!.access)).status).toBe(201);
    expect((await upload(key)).status).toBe(201);
    expect((await remove(workspaceId, user!.id, admin.access)).status).toBe(204);
    for (const token of [user!.access, key]) {
      expect((await upload(token)).status).toBe(404);
      expect((await t.api(`/api/groups/${workspaceId}/files/`, { token })).status).toBe(404);
      expect((await members(workspaceId, token)).status).not.toBe(200);
    }
    // the account itself still works elsewhere
    expect((await t.api('/api/users/me/', { token: user!.access })).status).toBe(200);
  });

  it('lowering a role takes effect at once for the member and the key', async () => {
    const {
      workspaceId,
      users: [user],
    } = await workspaceWith(['user']);
    const { key } = await createApiKey(t, user!.access, 'PRINT_TO_GROUP');
    await setRole(workspaceId, user!.id, 'observer', admin.access);
    for (const token of [user!.access, key]) {
      const response = await uploadFile(t, token, workspaceId, {
        bytes: buildTextGcode(),
        filename: 'b.gcode',
      });
      expect(response.status).toBe(403);
    }
  });

  it('is 404 for a member of another workspace', async () => {
    const { workspaceId } = await workspaceWith([]);
    const { workspaceId: otherId, users } = await workspaceWith(['user']);
    const response = await remove(workspaceId, users[0]!.id, admin.access);
    expect(response.status).toBe(404);
    expect((await members(otherId, admin.access)).body.users).toHaveLength(2);
  });
});

describe('GET /api/groups/{g}/users/ pages', () => {
  it('returns every member exactly once across pages while members join, by e-mail', async () => {
    const { workspaceId } = await workspaceWith(['user', 'user', 'user', 'user', 'user']);
    const seen: string[] = [];
    let path = `/api/groups/${workspaceId}/users/?limit=2`;
    for (let pages = 0; ; pages += 1) {
      expect(pages).toBeLessThan(10);
      const page = await t.api(path, { token: admin.access });
      expect(page.status).toBe(200);
      expect(page.body.users.length).toBeLessThanOrEqual(2);
      expect(page.body.pendingInvitations).toEqual([]);
      seen.push(...page.body.users.map((member: { email: string }) => member.email));
      if (page.body.next === null) break;
      // one joins before the page read so far, one after it
      for (const email of [`aaa-${pages}@example.com`, `zzz-${pages}@example.com`]) {
        await addMember(t, workspaceId, await buildUser(t, { email }), 'observer');
      }
      path = page.body.next;
    }
    const all = await t.api(`/api/groups/${workspaceId}/users/?limit=500`, {
      token: admin.access,
    });
    const emails: string[] = all.body.users.map((member: { email: string }) => member.email);
    expect(all.body.count).toBe(emails.length);
    // everyone who was there from the start, and everyone who joined after the place read
    const expected = emails.filter((email) => !email.startsWith('aaa-'));
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a made-up cursor and a limit out of range with 400 naming the field', async () => {
    const { workspaceId } = await workspaceWith([]);
    for (const [query, field] of [
      ['?cursor=abc', 'querystring.cursor'],
      ['?limit=0', 'querystring.limit'],
      ['?limit=501', 'querystring.limit'],
    ] as const) {
      const response = await t.api(`/api/groups/${workspaceId}/users/${query}`, {
        token: admin.access,
      });
      expect(response.status, query).toBe(400);
      expect(Object.keys(response.body.details), query).toEqual([field]);
    }
  });
});
