import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace } from '../../../test-support/factories.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('an API key limited to one workspace', () => {
  it('acts in that workspace only; the list names it and says when the owner left', async () => {
    const owner = await buildUser(t);
    const lab = await buildWorkspace(t, owner, 'Lab');
    const home = await buildWorkspace(t, owner, 'Home');
    const created = await t.api('/api/users/me/api_keys/', {
      method: 'POST',
      token: owner.access,
      body: { name: 'lab only', scope: 'FULL_READ', workspace: lab },
    });
    expect(created.status).toBe(201);
    expect(created.body.workspace).toEqual({ id: lab, name: 'Lab', owner_is_member: true });
    const key = created.body.key as string;

    expect((await t.api(`/api/groups/${lab}/files/`, { token: key })).status).toBe(200);
    expect((await t.api(`/api/groups/${lab}/printers/`, { token: key })).status).toBe(200);
    const elsewhere = await t.api(`/api/groups/${home}/files/`, { token: key });
    expect(elsewhere.status).toBe(404);
    expect((await t.api(`/api/users/me/groups/${home}/`, { token: key })).status).toBe(404);
    // the owner's own session still reaches both
    expect((await t.api(`/api/groups/${home}/files/`, { token: owner.access })).status).toBe(200);

    // a key cannot be limited to a workspace its owner is not in
    const stranger = await buildUser(t);
    const strangers = await buildWorkspace(t, stranger);
    const foreign = await t.api('/api/users/me/api_keys/', {
      method: 'POST',
      token: owner.access,
      body: { name: 'x', workspace: strangers },
    });
    expect(foreign.status).toBe(404);

    // the owner leaves the Lab (another admin stays): the key does nothing there, and says so
    const other = await buildUser(t);
    await t.server.database.db
      .insertInto('memberships')
      .values({
        workspace_id: lab,
        user_id: other.id,
        role: 'admin',
        created_on: new Date().toISOString(),
      })
      .execute();
    const left = await t.api(`/api/groups/${lab}/users/${owner.id}/`, {
      method: 'DELETE',
      token: owner.access,
    });
    expect(left.status).toBe(204);
    expect((await t.api(`/api/groups/${lab}/files/`, { token: key })).status).toBe(404);
    const list = await t.api('/api/users/me/api_keys/', { token: owner.access });
    expect(list.body.find((k: { id: number }) => k.id === created.body.id).workspace).toEqual({
      id: lab,
      name: 'Lab',
      owner_is_member: false,
    });
  });

  it('a key for every workspace still says nothing about workspaces', async () => {
    const owner = await buildUser(t);
    await buildWorkspace(t, owner);
    const created = await t.api('/api/users/me/api_keys/', {
      method: 'POST',
      token: owner.access,
      body: { name: 'all' },
    });
    expect(created.body.workspace).toBeNull();
    expect((await t.api('/api/users/me/groups/', { token: created.body.key })).status).toBe(200);
  });
});
