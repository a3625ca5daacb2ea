import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@printdeck/shared';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, listStoredFiles, uploadFile } from '../../../test-support/files.js';

let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;
const members = {} as Record<Exclude<Role, 'admin'>, BuiltUser>;
beforeAll(async () => {
  ({ t, user: admin, workspaceId } = await startServerWithWorkspace());
  for (const role of ['user', 'junior', 'observer'] as const) {
    members[role] = await buildUser(t);
    await addMember(t, workspaceId, members[role], role);
  }
});
afterAll(() => t.close());

async function upload(as: BuiltUser, space = workspaceId): Promise<number> {
  const response = await uploadFile(t, as.access, space, { bytes: buildTextGcode() });
  expect(response.status).toBe(201);
  return response.body.id;
}

const fileUrl = (fileId: number, space = workspaceId) => `/api/groups/${space}/files/${fileId}/`;
const patch = (as: BuiltUser, fileId: number, body: unknown) =>
  t.api(fileUrl(fileId), { method: 'PATCH', token: as.access, body });

describe('GET and PATCH /api/groups/{g}/files/{id}/', () => {
  it('changes name, note, filament and labels, and shows them', async () => {
    const fileId = await upload(admin);
    const label = await t.api(`/api/groups/${workspaceId}/file-labels/`, {
      method: 'POST',
      token: admin.access,
      body: { name: 'Spare parts' },
    });
    const response = await patch(admin, fileId, {
      name: '  Hook v2.gcode ',
      note: 'n'.repeat(2048),
      filament_type: 'PLA',
      filament_color: 'RED',
      fileLabels: [label.body.id, label.body.id],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Hook v2.gcode',
      note: 'n'.repeat(2048),
      filament_type: 'PLA',
      filament_color: 'RED',
      fileLabels: [{ id: label.body.id, name: 'Spare parts' }],
    });
    const shown = await t.api(fileUrl(fileId), { token: members.observer.access });
    expect(shown.body).toEqual(response.body);
    const cleared = await patch(admin, fileId, {
      filament_type: '',
      filament_color: 'NULL',
      fileLabels: [],
    });
    expect(cleared.body).toMatchObject({
      filament_type: null,
      filament_color: null,
      fileLabels: [],
    });
  });

  it('refuses a note over 2048, an empty name, and labels of another workspace (400 fileLabels)', async () => {
    const fileId = await upload(admin);
    const other = await buildWorkspace(t, admin);
    const foreign = await t.api(`/api/groups/${other}/file-labels/`, {
      method: 'POST',
      token: admin.access,
      body: { name: 'Elsewhere' },
    });
    const cases: Array<[unknown, string]> = [
      [{ note: 'n'.repeat(2049) }, 'note'],
      [{ name: ' \u0000/ ' }, 'name'],
      [{ fileLabels: [foreign.body.id] }, 'fileLabels'],
      [{ fileLabels: [999999] }, 'fileLabels'],
      [{ filament_type: 'WOOD' }, 'filament_type'],
      [{ uploaded_by_id: admin.id }, 'uploaded_by_id'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(admin, fileId, body);
      expect(response.status, field).toBe(400);
      expect(Object.keys(response.body.details), field).toEqual([field]);
    }
    const unchanged = await t.api(fileUrl(fileId), { token: admin.access });
    expect(unchanged.body).toMatchObject({ name: 'part.gcode', note: '', fileLabels: [] });
  });

  it('answers 404 with the spec message for a missing file', async () => {
    const response = await t.api(fileUrl(999999), { token: admin.access });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Gcode does not exists.');
  });
});

describe('who may change a file', () => {
  const attempts = (as: BuiltUser, fileId: number) => [
    () => patch(as, fileId, { note: 'changed' }),
    () => patch(as, fileId, { filament_type: 'ABS', filament_color: 'BLUE' }),
    () => t.api(`${fileUrl(fileId)}public/`, { method: 'PUT', token: as.access }),
    () => t.api(`${fileUrl(fileId)}public/`, { method: 'DELETE', token: as.access }),
  ];

  async function expectAllowed(as: BuiltUser, fileId: number, allowed: boolean) {
    for (const attempt of attempts(as, fileId)) {
      expect((await attempt()).status).toBe(allowed ? 200 : 403);
    }
    const remove = await t.api(fileUrl(fileId), { method: 'DELETE', token: as.access });
    expect(remove.status).toBe(allowed ? 204 : 403);
  }

  it('lets an observer change nothing', async () => {
    await expectAllowed(members.observer, await upload(admin), false);
  });

  it("lets a junior change their own uploads but not other people's", async () => {
    await expectAllowed(members.junior, await upload(members.junior), true);
    await expectAllowed(members.junior, await upload(members.user), false);
  });

  it('lets a user and an admin change any file', async () => {
    await expectAllowed(members.user, await upload(admin), true);
    await expectAllowed(admin, await upload(members.junior), true);
  });
});

describe('public switch and delete', () => {
  it('PUT makes a file public and DELETE makes it private again', async () => {
    const fileId = await upload(admin);
    const made = await t.api(`${fileUrl(fileId)}public/`, { method: 'PUT', token: admin.access });
    expect(made.body.is_public).toBe(true);
    const back = await t.api(`${fileUrl(fileId)}public/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(back.body.is_public).toBe(false);
  });

  it('DELETE removes the rows and the bytes and previews on disk', async () => {
    const before = listStoredFiles(t);
    const fileId = await upload(admin);
    const added = listStoredFiles(t).filter((p) => !before.includes(p));
    expect(added.map((p) => p.split('/')[0]).sort()).toEqual(['files', 'previews']);
    const removed = await t.api(fileUrl(fileId), { method: 'DELETE', token: admin.access });
    expect(removed.status).toBe(204);
    expect(listStoredFiles(t)).toEqual(before);
    expect((await t.api(fileUrl(fileId), { token: admin.access })).status).toBe(404);
  });
});

describe('another workspace', () => {
  it('answers 404 on every file route, for a stranger and for a file of another workspace, changing nothing', async () => {
    const fileId = await upload(admin);
    const stranger = await buildUser(t);
    const strangersSpace = await buildWorkspace(t, stranger);
    const strangersFile = await upload(stranger, strangersSpace);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', ''],
      ['PATCH', '', { note: 'x' }],
      ['DELETE', ''],
      ['PUT', 'public/'],
      ['DELETE', 'public/'],
      ['GET', 'download-link/'],
    ];
    for (const [method, suffix, body] of routes) {
      const asStranger = await t.api(`${fileUrl(fileId)}${suffix}`, {
        method,
        token: stranger.access,
        ...(body ? { body } : {}),
      });
      expect(asStranger.status, `${method} ${suffix} stranger`).toBe(404);
      const crossed = await t.api(`${fileUrl(fileId, strangersSpace)}${suffix}`, {
        method,
        token: stranger.access,
        ...(body ? { body } : {}),
      });
      expect(crossed.status, `${method} ${suffix} crossed`).toBe(404);
      expect(crossed.body.message).toBe('Gcode does not exists.');
    }
    const list = await t.api(`/api/groups/${workspaceId}/files/`, { token: stranger.access });
    expect(list.status).toBe(404);
    const preview = (await t.api(fileUrl(fileId), { token: admin.access })).body.previewImages[0];
    const image = await t.api(`/api/files/${fileId}/preview-images/${preview.id}/`, {
      token: stranger.access,
    });
    expect(image.status).toBe(404);
    const mismatched = await t.api(`/api/files/${strangersFile}/preview-images/${preview.id}/`, {
      token: stranger.access,
    });
    expect(mismatched.status).toBe(404);
    const still = await t.api(fileUrl(fileId), { token: admin.access });
    expect(still.body).toMatchObject({ note: '', is_public: false });
  });
});
