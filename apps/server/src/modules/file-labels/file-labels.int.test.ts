import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';

let t: TestServer;
let admin: BuiltUser;
beforeAll(async () => ({ t, user: admin } = await startServerWithUser()));
afterAll(() => t.close());

const labelsUrl = (workspaceId: number) => `/api/groups/${workspaceId}/file-labels/`;

async function create(workspaceId: number, name: string, parentId?: number | null) {
  const response = await t.api(labelsUrl(workspaceId), {
    method: 'POST',
    token: admin.access,
    body: { name, ...(parentId !== undefined ? { parent_id: parentId } : {}) },
  });
  expect(response.status).toBe(201);
  return response.body.id as number;
}

const update = (workspaceId: number, labelId: number, body: unknown, as = admin) =>
  t.api(`${labelsUrl(workspaceId)}${labelId}/`, { method: 'PATCH', token: as.access, body });

const listLabels = async (workspaceId: number) =>
  (await t.api(labelsUrl(workspaceId), { token: admin.access })).body as Array<{
    id: number;
    name: string;
    parent_id: number | null;
    parent: { id: number; name: string } | null;
    nestedCount: number;
    children_count: number;
  }>;

describe('creating, renaming and moving labels', () => {
  it('builds a tree, with children counted and control characters dropped from names', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const parts = await create(workspaceId, ' Pa\u0007rts\u202e ');
    const screws = await create(workspaceId, 'Screws', parts);
    const top = { parent_id: null, parent: null, nestedCount: 0 };
    expect(await listLabels(workspaceId)).toEqual([
      { id: parts, name: 'Parts', ...top, children_count: 1 },
      {
        id: screws,
        name: 'Screws',
        parent_id: parts,
        parent: { id: parts, name: 'Parts' },
        nestedCount: 1,
        children_count: 0,
      },
    ]);
    const renamed = await update(workspaceId, screws, { name: 'Bolts', parent_id: null });
    expect(renamed.body).toEqual({ id: screws, name: 'Bolts', ...top, children_count: 0 });
  });

  it('names each label’s parent and nesting depth as the spec does (parent, nestedCount)', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const parts = await create(workspaceId, 'Parts');
    const gears = await create(workspaceId, 'Gears', parts);
    const spur = await create(workspaceId, 'Spur', gears);
    const byId = new Map((await listLabels(workspaceId)).map((label) => [label.id, label]));
    expect(byId.get(parts)).toMatchObject({ parent: null, nestedCount: 0 });
    expect(byId.get(gears)).toMatchObject({ parent: { id: parts, name: 'Parts' }, nestedCount: 1 });
    expect(byId.get(spur)).toMatchObject({ parent: { id: gears, name: 'Gears' }, nestedCount: 2 });
    const created = await t.api(labelsUrl(workspaceId), {
      method: 'POST',
      token: admin.access,
      body: { name: 'Tiny', parent_id: spur },
    });
    expect(created.body).toMatchObject({ parent: { id: spur, name: 'Spur' }, nestedCount: 3 });
  });

  it('refuses a move under the label itself or any of its descendants, changing nothing', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const a = await create(workspaceId, 'A');
    const b = await create(workspaceId, 'B', a);
    const c = await create(workspaceId, 'C', b);
    const before = await listLabels(workspaceId);
    for (const parent of [a, b, c]) {
      const response = await update(workspaceId, a, { parent_id: parent });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details)).toEqual(['parent_id']);
    }
    expect(await listLabels(workspaceId)).toEqual(before);
    // once C sits directly under A, B may go under C, but A still may not
    expect((await update(workspaceId, c, { parent_id: a })).status).toBe(200);
    expect((await update(workspaceId, b, { parent_id: c })).status).toBe(200);
    expect((await update(workspaceId, a, { parent_id: b })).status).toBe(400);
  });

  it('refuses concurrent moves that together would make a loop', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    // a race is a matter of timing: several tries make a missing lock show
    for (let run = 0; run < 8; run += 1) {
      const a = await create(workspaceId, `A${run}`);
      const b = await create(workspaceId, `B${run}`);
      const results = await Promise.all([
        update(workspaceId, a, { parent_id: b }),
        update(workspaceId, b, { parent_id: a }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    }
  });

  it('refuses an empty name, an unknown parent and a parent of another workspace', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const other = await buildWorkspace(t, admin);
    const foreign = await create(other, 'Foreign');
    const label = await create(workspaceId, 'Mine');
    const cases: Array<[unknown, string]> = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'x', parent_id: 999999 }, 'parent_id'],
      [{ name: 'x', parent_id: foreign }, 'parent_id'],
      [{ name: 'x', workspace_id: other }, 'workspace_id'],
    ];
    for (const [body, field] of cases) {
      const created = await t.api(labelsUrl(workspaceId), {
        method: 'POST',
        token: admin.access,
        body,
      });
      expect(created.status, field).toBe(400);
      expect(Object.keys(created.body.details), field).toEqual([field]);
    }
    expect((await update(workspaceId, label, { parent_id: foreign })).status).toBe(400);
    expect(await listLabels(workspaceId)).toHaveLength(1);
  });
});

describe('deleting a label', () => {
  it('moves its children up to its parent and takes it off files, which stay', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const top = await create(workspaceId, 'Top');
    const middle = await create(workspaceId, 'Middle', top);
    const leaf = await create(workspaceId, 'Leaf', middle);
    const upload = await uploadFile(t, admin.access, workspaceId, { bytes: buildTextGcode() });
    const fileUrl = `/api/groups/${workspaceId}/files/${upload.body.id}/`;
    await t.api(fileUrl, {
      method: 'PATCH',
      token: admin.access,
      body: { fileLabels: [middle, leaf] },
    });

    const removed = await t.api(`${labelsUrl(workspaceId)}${middle}/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(removed.status).toBe(204);
    expect(await listLabels(workspaceId)).toEqual([
      {
        id: leaf,
        name: 'Leaf',
        parent_id: top,
        parent: { id: top, name: 'Top' },
        nestedCount: 1,
        children_count: 0,
      },
      { id: top, name: 'Top', parent_id: null, parent: null, nestedCount: 0, children_count: 1 },
    ]);
    const file = await t.api(fileUrl, { token: admin.access });
    expect(file.body.fileLabels).toEqual([{ id: leaf, name: 'Leaf' }]);
    const again = await t.api(`${labelsUrl(workspaceId)}${middle}/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(again.status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets every member read labels but only CHANGE_FILES change them', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const label = await create(workspaceId, 'Shared');
    for (const role of ['user', 'junior', 'observer'] as const) {
      const member = await buildUser(t);
      await addMember(t, workspaceId, member, role);
      const canChange = role === 'user';
      const read = await t.api(labelsUrl(workspaceId), { token: member.access });
      expect(read.status, role).toBe(200);
      const created = await t.api(labelsUrl(workspaceId), {
        method: 'POST',
        token: member.access,
        body: { name: `by ${role}` },
      });
      expect(created.status, role).toBe(canChange ? 201 : 403);
      expect((await update(workspaceId, label, { name: role }, member)).status, role).toBe(
        canChange ? 200 : 403,
      );
      const removed = await t.api(`${labelsUrl(workspaceId)}${label}/`, {
        method: 'DELETE',
        token: member.access,
      });
      expect(removed.status, role).toBe(canChange ? 204 : 403);
      if (canChange) await create(workspaceId, 'Shared again');
    }
  });

  it('answers 404 to a stranger on every label route, and for a label of another workspace', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const label = await create(workspaceId, 'Private');
    const stranger = await buildUser(t);
    const strangersSpace = await buildWorkspace(t, stranger);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', labelsUrl(workspaceId)],
      ['POST', labelsUrl(workspaceId), { name: 'x' }],
      ['PATCH', `${labelsUrl(workspaceId)}${label}/`, { name: 'x' }],
      ['DELETE', `${labelsUrl(workspaceId)}${label}/`],
      ['PATCH', `${labelsUrl(strangersSpace)}${label}/`, { name: 'x' }],
      ['DELETE', `${labelsUrl(strangersSpace)}${label}/`],
    ];
    for (const [method, url, body] of calls) {
      const response = await t.api(url, {
        method,
        token: stranger.access,
        ...(body ? { body } : {}),
      });
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    expect(await listLabels(workspaceId)).toEqual([
      {
        id: label,
        name: 'Private',
        parent_id: null,
        parent: null,
        nestedCount: 0,
        children_count: 0,
      },
    ]);
  });
});
