import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { FILE_DOWNLOAD_LINK_TTL_SECONDS } from '@printdeck/shared';
import { addMember, buildUser, type BuiltUser } from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { buildBgcode, buildTextGcode, readError, uploadFile } from '../../../test-support/files.js';

let t: TestServer;
const clock = new TestClock();
let owner: BuiltUser;
let workspaceId: number;
beforeAll(
  async () => ({ t, user: owner, workspaceId } = await startServerWithWorkspace({ clock })),
);
afterAll(() => t.close());

async function upload(bytes: Buffer, name: string): Promise<number> {
  // the name as a field: browsers write a file name's quotes as %22 in the form
  const response = await uploadFile(t, owner.access, workspaceId, { bytes, fields: { name } });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function linkFor(fileId: number, as = owner): Promise<string> {
  const response = await t.api(`/api/groups/${workspaceId}/files/${fileId}/download-link/`, {
    token: as.access,
  });
  expect(response.status).toBe(200);
  return response.body.url;
}

/** Opens a URL the way a browser follows a link: no Authorization header. */
const open = (url: string) => fetch(`${t.baseUrl}${url}`);

describe('download links', () => {
  it('gives a 5-minute link that downloads the exact bytes with safe headers', async () => {
    const bytes = buildTextGcode();
    const fileId = await upload(bytes, 'Čáp "hook".gcode');
    const response = await t.api(`/api/groups/${workspaceId}/files/${fileId}/download-link/`, {
      token: owner.access,
    });
    expect(response.body.url).toMatch(new RegExp(`^/api/files/${fileId}/content/\\?token=`));
    const lifetime = Date.parse(response.body.expires_at) - clock.now().getTime();
    expect(lifetime).toBeGreaterThan((FILE_DOWNLOAD_LINK_TTL_SECONDS - 5) * 1000);
    expect(lifetime).toBeLessThanOrEqual(FILE_DOWNLOAD_LINK_TTL_SECONDS * 1000);

    const download = await open(response.body.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect(download.headers.get('content-type')).toBe('text/x.gcode');
    expect(download.headers.get('content-length')).toBe(String(bytes.length));
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="__p _hook_.gcode"; filename*=UTF-8''%C4%8C%C3%A1p%20%22hook%22.gcode`,
    );
    // a link may be followed again while it lasts (a browser retrying a download)
    expect((await open(response.body.url)).status).toBe(200);
  });

  it('names a .bgcode download by its real format, whatever the file is called', async () => {
    const fileId = await upload(buildBgcode(), 'not-binary.gcode');
    const download = await open(await linkFor(fileId));
    expect(download.headers.get('content-type')).toBe('application/x.bgcode');
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''not-binary.gcode.bgcode`,
    );
  });

  it("refuses one file's link for another file, an expired link, and tokens of other kinds", async () => {
    const first = await upload(buildTextGcode(), 'first.gcode');
    const second = await upload(buildTextGcode(), 'second.gcode');
    const firstUrl = await linkFor(first);
    const token = new URL(firstUrl, 'http://x').searchParams.get('token')!;

    const crossed = await open(`/api/files/${second}/content/?token=${token}`);
    expect(crossed.status).toBe(401);
    expect((await readError(crossed)).code).toBe('token_not_valid');
    const asAccess = await open(`/api/files/${first}/content/?token=${owner.access}`);
    expect(asAccess.status).toBe(401);
    const asBearer = await t.api('/api/users/me/', { token });
    expect(asBearer.status).toBe(401);
    const forged = await new SignJWT({ typ: 'file-download', fid: first })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(owner.id))
      .setIssuer('printdeck')
      .setAudience('printdeck-file-download')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not the server secret, but long enough'));
    expect((await open(`/api/files/${first}/content/?token=${forged}`)).status).toBe(401);

    clock.advance(FILE_DOWNLOAD_LINK_TTL_SECONDS + 1);
    const expired = await open(firstUrl);
    expect(expired.status).toBe(401);
    expect((await readError(expired)).message).toBe('The download link is invalid or has expired.');
  });

  it('stops working for someone who left the workspace, and for a deleted file', async () => {
    const member = await buildUser(t);
    await addMember(t, workspaceId, member, 'observer');
    const fileId = await upload(buildTextGcode(), 'leaving.gcode');
    const url = await linkFor(fileId, member);
    expect((await open(url)).status).toBe(200);
    await t.server.database.db
      .deleteFrom('memberships')
      .where('user_id', '=', member.id)
      .where('workspace_id', '=', workspaceId)
      .execute();
    expect((await open(url)).status).toBe(404);

    const doomed = await upload(buildTextGcode(), 'doomed.gcode');
    const doomedUrl = await linkFor(doomed);
    await t.api(`/api/groups/${workspaceId}/files/${doomed}/`, {
      method: 'DELETE',
      token: owner.access,
    });
    expect((await open(doomedUrl)).status).toBe(404);
  });
});

describe('public files', () => {
  it('downloads a public file without signing in, and a private one not at all', async () => {
    const fileId = await upload(buildTextGcode(), 'shared.gcode');
    const anonymous = () => open(`/api/files/${fileId}/content/`);
    const hidden = await anonymous();
    expect(hidden.status).toBe(404);
    expect((await readError(hidden)).message).toBe('Gcode does not exists.');
    expect((await open('/api/files/999999/content/')).status).toBe(404);

    await t.api(`/api/groups/${workspaceId}/files/${fileId}/public/`, {
      method: 'PUT',
      token: owner.access,
    });
    const shared = await anonymous();
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-disposition')).toContain('attachment');

    await t.api(`/api/groups/${workspaceId}/files/${fileId}/public/`, {
      method: 'DELETE',
      token: owner.access,
    });
    expect((await anonymous()).status).toBe(404);
  });

  it('keeps previews for members: anonymous callers are not authenticated', async () => {
    const response = await uploadFile(t, owner.access, workspaceId, { bytes: buildTextGcode() });
    const [preview] = response.body.previewImages;
    const anonymous = await open(`/api/files/${response.body.id}/preview-images/${preview.id}/`);
    expect(anonymous.status).toBe(401);
  });
});
