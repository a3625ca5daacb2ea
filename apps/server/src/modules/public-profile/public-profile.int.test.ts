import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';

let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let uniqueId: string;
let publicFileId: number;

beforeAll(async () => {
  ({ t, user: admin } = await startServerWithUser());
  workspaceId = await buildWorkspace(t, admin, 'Open Lab');
  uniqueId = (await t.api(`/api/users/me/groups/${workspaceId}/`, { token: admin.access })).body
    .uniqueId;
  const upload = (filename: string) =>
    uploadFile(t, admin.access, workspaceId, { bytes: buildTextGcode(), filename });
  publicFileId = (await upload('shared.gcode')).body.id;
  await upload('secret.gcode');
  await t.api(`/api/groups/${workspaceId}/files/${publicFileId}/public/`, {
    method: 'PUT',
    token: admin.access,
  });
});
afterAll(() => t.close());

const profile = (id = uniqueId) => t.api(`/api/public/${id}/`);

describe('GET /api/public/{uniqueId}/', () => {
  it('is 404 while the workspace is private, for anyone', async () => {
    const response = await profile();
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(
      `Workspace does not exists — Can't find requested workspace with ID: ${uniqueId}`,
    );
    expect((await t.api(`/api/public/${uniqueId}/`, { token: admin.access })).status).toBe(404);
  });

  it('shows a public workspace to anyone: name, description, website and public files only', async () => {
    await t.api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      token: admin.access,
      body: {
        is_public: true,
        public_description: '<p>Come <b>in</b><script>x()</script></p>',
        public_website_url: 'https://openlab.example.org',
      },
    });
    const response = await profile();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      uniqueId,
      name: 'Open Lab',
      public_description: '<p>Come <b>in</b></p>',
      public_website_url: 'https://openlab.example.org',
      files_count: 1,
      videos: [],
    });
    expect(response.body.files).toEqual([
      expect.objectContaining({
        id: publicFileId,
        name: 'shared.gcode',
        download_url: `/api/files/${publicFileId}/content/`,
      }),
    ]);
    expect(JSON.stringify(response.body)).not.toContain(admin.email);
    expect(Object.keys(response.body.files[0])).not.toContain('uploadedById');
    const download = await t.api(response.body.files[0].download_url);
    expect(download.status).toBe(200);
  });

  it('hides the profile again once the workspace is private, and refuses malformed ids', async () => {
    await t.api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { is_public: false },
    });
    expect((await profile()).status).toBe(404);
    expect((await profile('../../etc')).status).toBe(404);
    expect((await profile('ABC')).status).toBe(400);
  });
});
