import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildPrinterWithAgent,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { eventually, readyState, type FakeAgent } from '../../../test-support/fake-agent.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { createApiKey } from '../../../test-support/api-keys.js';

let t: TestServer;
const clock = new TestClock();
let owner: BuiltUser;
let workspaceId: number;
let printerId: number;
let agent: FakeAgent;

beforeAll(async () => {
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace({ clock }));
  ({ printerId, agent } = await buildPrinterWithAgent(t, {
    token: owner.access,
    workspaceId,
    name: 'MK4',
  }));
  const flags = readyState().state.flags;
  agent.send({
    type: 'state',
    kind: 'snapshot',
    state: readyState({
      state: { text: 'Printing', flags: { ...flags, printing: true, ready: false } },
    }),
  });
  agent.answer(() => ({ ok: true, result: null }));
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: owner.access,
    });
    expect(states.body[0].printer_state).toBe('PRINTING');
  });
});
afterAll(async () => {
  agent.close();
  await t.close();
});

const upload = (token: string, group = workspaceId) =>
  uploadFile(t, token, group, { bytes: buildTextGcode(), filename: 'via-key.gcode' });
const control = (token: string, action: string, body: unknown = {}) =>
  t.api(`/api/printers/${printerId}/${action}/`, { method: 'POST', token, body });

describe('GET, POST and DELETE /api/users/me/api_keys/', () => {
  it('creates a key shown once, lists it without the key, stores only a hash, deletes it', async () => {
    const created = await t.api('/api/users/me/api_keys/', {
      method: 'POST',
      token: owner.access,
      body: { name: 'PrusaSlicer' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'PrusaSlicer',
      scope: 'PRINT_TO_GROUP',
      last_used_on: null,
    });
    expect(created.body.key).toMatch(/^pdk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const list = await t.api('/api/users/me/api_keys/', { token: owner.access });
    const listed = list.body.find((k: { id: number }) => k.id === created.body.id);
    expect(listed).toEqual({
      id: created.body.id,
      name: 'PrusaSlicer',
      created_on: created.body.created_on,
      scope: 'PRINT_TO_GROUP',
      last_used_on: null,
      workspace: null,
    });
    const rows = await t.server.database.db.selectFrom('api_keys').selectAll().execute();
    const stored = JSON.stringify(rows);
    const secret = created.body.key.slice(-43);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(created.body.key);

    expect((await t.api('/api/users/me/', { token: created.body.key })).status).toBe(403);
    const deleted = await t.api(`/api/users/me/api_keys/${created.body.id}/`, {
      method: 'DELETE',
      token: owner.access,
    });
    expect(deleted.status).toBe(204);
    const afterDelete = await t.api(`/api/groups/${workspaceId}/files/`, {
      token: created.body.key,
    });
    expect(afterDelete.status).toBe(401);
  });

  it('names an unnamed key after the moment, takes a scope, refuses an unknown one', async () => {
    const unnamed = await t.api('/api/users/me/api_keys/', {
      method: 'POST',
      token: owner.access,
      body: { name: '  ', scope: 'FULL_READ' },
    });
    expect(unnamed.body.name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    expect(unnamed.body.scope).toBe('FULL_READ');
    const bad = await t.api('/api/users/me/api_keys/', {
      method: 'POST',
      token: owner.access,
      body: { name: 'x', scope: 'ADMIN' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(['scope']);
  });

  it("is 404 for another user's key and lists only one's own", async () => {
    const other = await buildUser(t);
    const { id } = await createApiKey(t, other.access);
    const list = await t.api('/api/users/me/api_keys/', { token: owner.access });
    expect(list.body.map((k: { id: number }) => k.id)).not.toContain(id);
    const response = await t.api(`/api/users/me/api_keys/${id}/`, {
      method: 'DELETE',
      token: owner.access,
    });
    expect(response.status).toBe(404);
    expect((await t.api('/api/users/me/api_keys/', { token: other.access })).body).toHaveLength(1);
  });

  it('records when a key was last used', async () => {
    const { id, key } = await createApiKey(t, owner.access, 'FULL_READ');
    await t.api(`/api/groups/${workspaceId}/files/`, { token: key });
    const listed = (await t.api('/api/users/me/api_keys/', { token: owner.access })).body.find(
      (k: { id: number }) => k.id === id,
    );
    expect(listed.last_used_on).not.toBeNull();
  });
});

describe('API key scopes', () => {
  it('FULL_READ reads but cannot upload, print or control', async () => {
    const { key } = await createApiKey(t, owner.access, 'FULL_READ');
    expect((await t.api(`/api/groups/${workspaceId}/files/`, { token: key })).status).toBe(200);
    expect((await t.api('/api/users/me/groups/', { token: key })).status).toBe(200);
    const refused = await upload(key);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'forbidden',
      message: 'An API key with the scope FULL_READ may not do this.',
    });
    expect((await control(key, 'pause')).status).toBe(403);
    const printStart = await t.api(`/api/printers/${printerId}/files/`, {
      method: 'POST',
      token: key,
      body: { file_id: 1 },
    });
    expect(printStart.status).toBe(403);
  });

  it('PRINT_TO_GROUP uploads and starts prints, but cannot pause or change files', async () => {
    const { key } = await createApiKey(t, owner.access, 'PRINT_TO_GROUP');
    const uploaded = await upload(key);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.uploadedById).toBe(owner.id);
    const printStart = await t.api(`/api/printers/${printerId}/files/`, {
      method: 'POST',
      token: key,
      body: { file_id: uploaded.body.id },
    });
    // allowed to try: the printer is busy printing, so the start is refused for its state
    expect(printStart.status).toBe(409);
    expect(printStart.body.code).toBe('conflict');
    expect((await control(key, 'pause')).status).toBe(403);
    const rename = await t.api(`/api/groups/${workspaceId}/files/${uploaded.body.id}/`, {
      method: 'PATCH',
      token: key,
      body: { name: 'renamed' },
    });
    expect(rename.status).toBe(403);
  });

  it('LIMITED_WRITE pauses, resumes and cancels, but cannot move the head or upload', async () => {
    const { key } = await createApiKey(t, owner.access, 'LIMITED_WRITE');
    const pause = await control(key, 'pause');
    expect(pause.status).toBe(204);
    expect(agent.requests.at(-1)!.command).toEqual({ name: 'pause' });
    expect((await control(key, 'move_head', { x: 10 })).status).toBe(403);
    expect((await control(key, 'home_head', { axes: ['x'] })).status).toBe(403);
    expect((await upload(key)).status).toBe(403);
  });

  it('no scope reaches account, session, key, member or workspace-settings routes', async () => {
    const { key } = await createApiKey(t, owner.access, 'PRINT_TO_GROUP');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/users/me/'],
      ['GET', '/api/users/me/api_keys/'],
      ['POST', '/api/users/me/api_keys/', { name: 'escalate', scope: 'LIMITED_WRITE' }],
      ['DELETE', '/api/tokens/mine/'],
      ['POST', '/api/users/me/groups/', { name: 'New' }],
      ['PATCH', `/api/users/me/groups/${workspaceId}/`, { name: 'Renamed' }],
      ['GET', `/api/groups/${workspaceId}/users/`],
      ['POST', `/api/groups/${workspaceId}/users/`, { username: 'x@example.com' }],
      ['GET', `/api/notifications/settings/?group_id=${workspaceId}`],
      ['POST', '/api/device_keys/'],
      ['GET', '/api/admin/news/'],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.api(path, { method, token: key, ...(body ? { body } : {}) });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    const keys = await t.api('/api/users/me/api_keys/', { token: owner.access });
    expect(keys.body.map((k: { name: string }) => k.name)).not.toContain('escalate');
  });

  it('FULL_READ reads everything its owner can see, account and settings too, and changes nothing', async () => {
    const { key } = await createApiKey(t, owner.access, 'FULL_READ');
    const reads = [
      '/api/users/me/',
      '/api/users/me/api_keys/',
      '/api/users/me/invitations/',
      `/api/notifications/settings/?group_id=${workspaceId}`,
      `/api/groups/${workspaceId}/users/`,
      `/api/groups/${workspaceId}/files/`,
    ];
    for (const path of reads) {
      const asKey = await t.api(path, { token: key });
      expect(asKey.status, path).toBe(200);
      const asOwner = await t.api(path, { token: owner.access });
      if (path === '/api/users/me/') expect(asKey.body).toEqual(asOwner.body);
    }
    const writes: Array<[string, string, unknown]> = [
      ['PATCH', '/api/users/me/', { first_name: 'Key' }],
      ['POST', '/api/users/me/api_keys/', { name: 'escalate' }],
    ];
    for (const [method, path, body] of writes) {
      expect((await t.api(path, { method, token: key, body })).status, `${method} ${path}`).toBe(
        403,
      );
    }
    // the other scopes keep to workspace data
    const { key: printKey } = await createApiKey(t, owner.access, 'PRINT_TO_GROUP');
    expect((await t.api('/api/users/me/', { token: printKey })).status).toBe(403);
  });

  it("never does more than the owner's current role: demoted to observer, the key reads only", async () => {
    const member = await buildUser(t);
    await addMember(t, workspaceId, member, 'user');
    const { key } = await createApiKey(t, member.access, 'PRINT_TO_GROUP');
    expect((await upload(key)).status).toBe(201);
    await t.api(`/api/groups/${workspaceId}/users/${member.id}/`, {
      method: 'PATCH',
      token: owner.access,
      body: { role: 'observer' },
    });
    const refused = await upload(key);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permission to perform this action.");
    expect((await t.api(`/api/groups/${workspaceId}/files/`, { token: key })).status).toBe(200);
  });

  it("acts in each of the owner's workspaces and nowhere else", async () => {
    const { key } = await createApiKey(t, owner.access, 'PRINT_TO_GROUP');
    const second = await buildWorkspace(t, owner);
    expect((await upload(key, second)).status).toBe(201);
    const stranger = await buildUser(t);
    const foreign = await buildWorkspace(t, stranger);
    const response = await upload(key, foreign);
    expect(response.status).toBe(404);
    expect((await t.api(`/api/groups/${foreign}/files/`, { token: key })).status).toBe(404);
  });

  it('a wrong key is 401, like a wrong token', async () => {
    const { key } = await createApiKey(t, owner.access);
    const forged = `${key.slice(0, -4)}AAAA`;
    const response = await t.api(`/api/groups/${workspaceId}/files/`, { token: forged });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('not_authenticated');
  });
});
