import jpeg from 'jpeg-js';
import { AVATAR_MAX_BYTES } from '@printdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { createApiKey } from '../../../test-support/api-keys.js';
import { PNG_1X1 } from '../../../test-support/files.js';

let t: TestServer;
let admin: BuiltUser;
let observer: BuiltUser;
let stranger: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  ({ t, user: admin } = await startServerWithUser());
  observer = await buildUser(t);
  stranger = await buildUser(t);
  workspaceId = await buildWorkspace(t, admin, 'Makers');
  await addMember(t, workspaceId, observer, 'observer');
  await buildWorkspace(t, stranger);
});
afterAll(() => t.close());

const patch = (body: unknown, token = admin.access, id = workspaceId) =>
  t.api(`/api/users/me/groups/${id}/`, { method: 'PATCH', token, body });

async function uploadAvatar(
  bytes: Buffer,
  token = admin.access,
  id = workspaceId,
  field = 'avatar',
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), 'avatar.png');
  const response = await fetch(`${t.baseUrl}/api/users/me/groups/${id}/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
  return { status: response.status, body: (await response.json()) as any };
}

const avatarOf = (token: string, id = workspaceId) =>
  fetch(`${t.baseUrl}/api/groups/${id}/avatar`, { headers: { authorization: `Bearer ${token}` } });

describe('workspace description', () => {
  it('stores the rich text sanitised: no script, no event handler, the formatting kept', async () => {
    const response = await patch({
      public_description:
        '<p onclick="steal()">Open <strong>daily</strong><script>alert(1)</script></p><ul><li><em>PLA</em></li></ul><img src=x onerror=alert(2)>',
    });
    expect(response.status).toBe(200);
    expect(response.body.public_description).toBe(
      '<p>Open <strong>daily</strong></p><ul><li><em>PLA</em></li></ul>',
    );
    const list = await t.api('/api/users/me/groups/', { token: admin.access });
    expect(list.body.find((w: { id: number }) => w.id === workspaceId).public_description).toBe(
      response.body.public_description,
    );
  });

  it('keeps a script tag typed as text as text, and refuses more than 30000 characters', async () => {
    const shown = await patch({ public_description: '&lt;script&gt;alert(1)&lt;/script&gt;' });
    expect(shown.body.public_description).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect((await patch({ public_description: 'x'.repeat(30001) })).status).toBe(400);
    const grows = await patch({ public_description: '<'.repeat(29000) + ' ' });
    expect(grows.status).toBe(400);
    expect(Object.keys(grows.body.details)).toEqual(['public_description']);
  });
});

describe('GET /api/users/me/groups/{id}/', () => {
  it("answers a member's workspace, and the spec's 404 notice for any other id", async () => {
    expect(
      (await t.api(`/api/users/me/groups/${workspaceId}/`, { token: observer.access })).body,
    ).toMatchObject({ id: workspaceId, name: 'Makers', me: { role: 'observer' } });
    for (const id of [workspaceId, 999999]) {
      const response = await t.api(`/api/users/me/groups/${id}/`, { token: stranger.access });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        code: 'not_found',
        message: `Workspace does not exists — Can't find requested workspace with ID: ${id}`,
      });
    }
  });
});

describe('workspace avatar', () => {
  it('takes a PNG as it is and serves it to members only', async () => {
    const uploaded = await uploadAvatar(PNG_1X1);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.avatar).toMatch(/^[0-9a-f-]{36}\.png$/);
    const served = await avatarOf(observer.access);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1);
    expect((await avatarOf(stranger.access)).status).toBe(404);
  });

  it('turns a JPEG into a PNG and replaces the previous avatar', async () => {
    const before = (await t.api(`/api/users/me/groups/${workspaceId}/`, { token: admin.access }))
      .body.avatar;
    const rgba = Buffer.alloc(8 * 8 * 4, 200);
    const uploaded = await uploadAvatar(jpeg.encode({ width: 8, height: 8, data: rgba }, 90).data);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.avatar).not.toBe(before);
    const png = Buffer.from(await (await avatarOf(admin.access)).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(8);
  });

  it('refuses other types by their bytes, whatever the name says, and oversized images', async () => {
    const gif = await uploadAvatar(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'));
    expect(gif.status).toBe(400);
    expect(gif.body.details).toEqual({
      avatar: ['Sorry, currently only PNG and JPEG images are supported.'],
    });
    const html = await uploadAvatar(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(400);
    const huge = await uploadAvatar(Buffer.concat([PNG_1X1, Buffer.alloc(AVATAR_MAX_BYTES)]));
    expect(huge.status).toBe(413);
    const wrongField = await uploadAvatar(PNG_1X1, admin.access, workspaceId, 'picture');
    expect(wrongField.body.details).toEqual({ picture: ['Unknown field.'] });
  });

  it('needs CHANGE_GROUP to change: observers 403, strangers 404, API keys 403', async () => {
    expect((await uploadAvatar(PNG_1X1, observer.access)).status).toBe(403);
    expect((await uploadAvatar(PNG_1X1, stranger.access)).status).toBe(404);
    const key = (await createApiKey(t, admin.access, 'PRINT_TO_GROUP')).key;
    expect((await uploadAvatar(PNG_1X1, key)).status).toBe(403);
    expect((await avatarOf(key)).status).toBe(200);
  });

  it('is 404 for a workspace without an avatar', async () => {
    const bare = await buildWorkspace(t, admin);
    const response = await avatarOf(admin.access, bare);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The workspace has no avatar.',
    );
  });
});
