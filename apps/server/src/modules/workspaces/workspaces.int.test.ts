import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, getRolePermissions } from '@printdeck/shared';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let owner: BuiltUser;
beforeAll(async () => ({ t, user: owner } = await startServerWithUser()));
afterAll(() => t.close());

describe('GET and POST /api/users/me/groups/', () => {
  it('creates a workspace whose creator is its admin, and lists it with me.role and me.permissions', async () => {
    const created = await t.api('/api/users/me/groups/', {
      method: 'POST',
      token: owner.access,
      body: { name: 'Fab Lab' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Fab Lab',
      users_count: 1,
      is_public: false,
      settings: { print_queue_enabled: false },
      me: { role: 'admin', permissions: getRolePermissions('admin') },
    });
    expect(created.body.uniqueId).toMatch(/^[a-z0-9]{12}$/);
    const list = await t.api('/api/users/me/groups/', { token: owner.access });
    expect(list.body.map((g: { name: string }) => g.name)).toContain('Fab Lab');
  });

  it('shows each member the permissions of their own role', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const member = await buildUser(t);
      await addMember(t, workspaceId, member, role);
      const list = await t.api('/api/users/me/groups/', { token: member.access });
      expect(list.body).toHaveLength(1);
      expect(list.body[0].me).toEqual({ role, permissions: getRolePermissions(role) });
    }
    const list = await t.api('/api/users/me/groups/', { token: owner.access });
    expect(list.body.find((g: { id: number }) => g.id === workspaceId).users_count).toBe(4);
  });

  it('refuses a name that is empty or longer than 30 characters, and writes nothing', async () => {
    const before = await t.api('/api/users/me/groups/', { token: owner.access });
    for (const name of ['', '   ', 'x'.repeat(31)]) {
      const response = await t.api('/api/users/me/groups/', {
        method: 'POST',
        token: owner.access,
        body: { name },
      });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual({ name: ['Workspace name is not valid.'] });
    }
    const after = await t.api('/api/users/me/groups/', { token: owner.access });
    expect(after.body).toHaveLength(before.body.length);
  });

  it('creates with the description (sanitised) and the website of the create form', async () => {
    const created = await t.api('/api/users/me/groups/', {
      method: 'POST',
      token: owner.access,
      body: {
        name: 'Maker Hall',
        public_description: '<p><strong>Open</strong> on Fridays<script>alert(1)</script></p>',
        public_website_url: 'https://makerhall.example',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Maker Hall',
      public_description: '<p><strong>Open</strong> on Fridays</p>',
      public_website_url: 'https://makerhall.example',
      me: { role: 'admin' },
    });
  });

  it('refuses a bad website naming the field, and writes nothing', async () => {
    const before = await t.api('/api/users/me/groups/', { token: owner.access });
    const response = await t.api('/api/users/me/groups/', {
      method: 'POST',
      token: owner.access,
      body: { name: 'Half made', public_website_url: 'not a url' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.details)).toEqual(['public_website_url']);
    const after = await t.api('/api/users/me/groups/', { token: owner.access });
    expect(after.body).toHaveLength(before.body.length);
  });
});

describe('PATCH /api/users/me/groups/{id}/', () => {
  it('renames the workspace for an admin', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    const response = await t.api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      token: owner.access,
      body: {
        name: 'Renamed',
        public_website_url: 'https://example.com/space',
        settings: { print_queue_enabled: true },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Renamed',
      public_website_url: 'https://example.com/space',
      settings: { print_queue_enabled: true },
    });
  });

  it('is 403 for a member without CHANGE_GROUP and 404 for a stranger, changing nothing', async () => {
    const workspaceId = await buildWorkspace(t, owner, 'Untouched');
    const member = await buildUser(t);
    await addMember(t, workspaceId, member, 'user');
    const stranger = await buildUser(t);
    await buildWorkspace(t, stranger);
    const asMember = await t.api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      token: member.access,
      body: { name: 'Hacked' },
    });
    expect(asMember.status).toBe(403);
    expect(asMember.body.code).toBe('forbidden');
    const asStranger = await t.api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      token: stranger.access,
      body: { name: 'Hacked' },
    });
    expect(asStranger.status).toBe(404);
    const missing = await t.api('/api/users/me/groups/999999/', {
      method: 'PATCH',
      token: owner.access,
      body: { name: 'X' },
    });
    expect(missing.status).toBe(404);
    expect(asStranger.body.code).toBe(missing.body.code);
    const list = await t.api('/api/users/me/groups/', { token: owner.access });
    expect(list.body.find((g: { id: number }) => g.id === workspaceId).name).toBe('Untouched');
  });

  it('parses the id strictly and refuses unknown or mistyped fields', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    for (const id of ['abc', '1.5', '0', '-1', '[object Object]', '01']) {
      const response = await t.api(`/api/users/me/groups/${encodeURIComponent(id)}/`, {
        method: 'PATCH',
        token: owner.access,
        body: { name: 'X' },
      });
      expect(response.status, id).toBe(400);
      expect(Object.keys(response.body.details)).toEqual(['params.id']);
    }
    const unknown = await t.api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      token: owner.access,
      body: { owner_id: 5 },
    });
    expect(unknown.body.details).toEqual({ owner_id: ['Unknown field.'] });
    const badUrl = await t.api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      token: owner.access,
      body: { public_website_url: 'javascript:alert(1)' },
    });
    expect(badUrl.body.details).toEqual({
      public_website_url: ['Public website URL is not valid.'],
    });
    const badType = await t.api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      token: owner.access,
      body: { is_public: 'yes' },
    });
    expect(Object.keys(badType.body.details)).toEqual(['is_public']);
  });
});
