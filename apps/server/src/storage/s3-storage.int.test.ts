import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import { buildTextGcode, PNG_1X1, uploadFile } from '../../test-support/files.js';
import { startTestS3Server, type TestS3Server } from '../../test-support/s3-server.js';
import { startServerWithWorkspace, type TestServer } from '../../test-support/test-server.js';
import {
  addPrinter,
  buildFrame,
  recordAndEnd,
  startPrint,
  videoStateOf,
} from '../../test-support/videos.js';
import type { S3Settings } from './s3-object-store.js';
import { createS3Client } from './s3-object-store.js';

/**
 * Issue 28: with STORAGE_URL set, files, previews, frames, videos and avatars go to the S3 store
 * (s3rver on this machine, over HTTP) and come back through the real HTTP API; the data
 * directory keeps only the temp area.
 */
let s3: TestS3Server;
let settings: S3Settings;
let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  s3 = await startTestS3Server();
  settings = await s3.createBucket('printdeck');
  ({ t, user: admin, workspaceId } = await startServerWithWorkspace({ env: s3.envFor(settings) }));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** Every key in the bucket, without the prefix. */
async function bucketKeys(): Promise<string[]> {
  const client = createS3Client(settings);
  const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  client.destroy();
  return (listed.Contents ?? []).map((item) => item.Key!.slice(settings.prefix.length)).sort();
}

/** The data directory holds no object: only the temp area (and the database, the secret). */
function expectNoObjectsOnDisk(): void {
  for (const area of ['files', 'previews', 'frames', 'videos', 'avatars']) {
    expect(existsSync(path.join(t.config.dataDir, area)), area).toBe(false);
  }
}

async function download(fileId: number): Promise<Response> {
  const link = await t.api(`/api/groups/${workspaceId}/files/${fileId}/download-link/`, {
    token: admin.access,
  });
  if (link.status === 404) return new Response(null, { status: 404 });
  expect(link.status, link.text).toBe(200);
  return fetch(`${t.baseUrl}${link.body.url}`);
}

describe('files on S3 through the HTTP API', () => {
  it('uploads to the bucket, downloads the same bytes with its preview, and deletes from it', async () => {
    const bytes = buildTextGcode({ extraLines: 20_000 });
    const uploaded = await uploadFile(t, admin.access, workspaceId, {
      bytes,
      filename: 'cube.gcode',
    });
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body.id as number;
    const row = await t.server.database.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    const keys = await bucketKeys();
    expect(keys).toContain(row.storage_key);
    expect(keys.filter((key) => key.startsWith(`previews/${workspaceId}/`))).toHaveLength(1);
    expectNoObjectsOnDisk();
    expect(readdirSync(path.join(t.config.dataDir, 'tmp'))).toEqual([]);

    const content = await download(fileId);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
    const detail = await t.api(`/api/groups/${workspaceId}/files/${fileId}/`, {
      token: admin.access,
    });
    const preview = detail.body.previewImages[0] as { id: number };
    const image = await fetch(`${t.baseUrl}/api/files/${fileId}/preview-images/${preview.id}/`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const deleted = await t.api(`/api/groups/${workspaceId}/files/${fileId}/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(deleted.status).toBe(204);
    await eventually(async () => {
      expect(await bucketKeys()).not.toContain(row.storage_key);
    });
    expect((await download(fileId)).status).toBe(404);
  });

  it('keeps the upload limit: an oversized upload is refused and leaves nothing behind', async () => {
    const before = await bucketKeys();
    const { limits } = t.server.services.files.fileUploads;
    const maxBefore = limits.maxBytes;
    limits.maxBytes = 8 * 1024;
    const huge = buildTextGcode({ extraLines: 2000 });
    const refused = await uploadFile(t, admin.access, workspaceId, {
      bytes: huge,
      filename: 'huge.gcode',
    });
    limits.maxBytes = maxBefore;
    expect(refused.status).toBe(413);
    expect(await bucketKeys()).toEqual(before);
    expect(readdirSync(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('keeps an avatar in the bucket and serves it', async () => {
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(PNG_1X1)]), 'avatar.png');
    const patched = await fetch(`${t.baseUrl}/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.access}` },
      body: form,
    });
    expect(patched.status).toBe(200);
    const { avatar } = (await patched.json()) as { avatar: string };
    expect(await bucketKeys()).toContain(`avatars/${workspaceId}/${avatar}`);
    const served = await fetch(`${t.baseUrl}/api/groups/${workspaceId}/avatar`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).length).toBeGreaterThan(0);
    expectNoObjectsOnDisk();
  });
});

describe('print starts on S3 (issue 28)', () => {
  it('hands only the printing device a short-lived presigned link to the object, its own link beside it', async () => {
    const bytes = buildTextGcode({ extraLines: 5_000 });
    const uploaded = await uploadFile(t, admin.access, workspaceId, {
      bytes,
      filename: 'direct.gcode',
    });
    const fileId = uploaded.body.id as number;
    const printer = await addPrinter(t, admin, workspaceId, 'Direct');
    const bystander = await addPrinter(t, admin, workspaceId, 'Bystander');
    await startPrint(t, admin, printer, fileId, false);

    const command = printer.agent.requests.at(-1)!.command as {
      name: string;
      url: string;
      direct_url?: string;
      sha256: string;
    };
    expect(command.name).toBe('print_file');
    expect(bystander.agent.requests.map((request) => request.command.name)).not.toContain(
      'print_file',
    );
    const direct = new URL(command.direct_url!);
    expect(direct.origin).toBe(s3.endpoint);
    expect(direct.searchParams.get('X-Amz-Expires')).toBe('300');
    const fetched = await fetch(direct);
    expect(fetched.status).toBe(200);
    const body = Buffer.from(await fetched.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(command.sha256);
    expect(body.equals(bytes)).toBe(true);
    // the link opens this object only: another key with the same signature is refused
    const other = new URL(direct);
    other.pathname = other.pathname.replace(/[^/]+$/, 'other.gcode');
    expect((await fetch(other)).status).toBe(403);
    // the server's own link, the agent's fallback, serves the same bytes
    const fallback = await fetch(`${t.baseUrl}${command.url}`);
    expect(Buffer.from(await fallback.arrayBuffer()).equals(bytes)).toBe(true);
    printer.agent.close();
    bystander.agent.close();
  });
});

describe('timelapses on S3', () => {
  it('frames go to the bucket, the encode reads them from there, and the video answers ranges', async () => {
    const gcode = await uploadFile(t, admin.access, workspaceId, {
      bytes: buildTextGcode(),
      filename: 'benchy.gcode',
    });
    const printer = await addPrinter(t, admin, workspaceId, 'MK4');
    const jobId = await startPrint(t, admin, printer, gcode.body.id as number);
    const frames = Array.from({ length: 6 }, (_, i) => buildFrame(i));
    await recordAndEnd(t, printer, jobId, frames);
    await eventually(async () => {
      expect(await videoStateOf(t, admin, workspaceId, jobId)).toBe('READY');
    }, 30_000);
    // the frames are removed once the video exists; the video, photo and strip are in the bucket
    const keys = await bucketKeys();
    expect(keys.filter((key) => key.startsWith('frames/'))).toEqual([]);
    expect(keys.filter((key) => key.startsWith(`videos/${workspaceId}/`))).toHaveLength(3);
    expectNoObjectsOnDisk();

    const video = await t.api(`/api/groups/${workspaceId}/videos/${jobId}/`, {
      token: admin.access,
    });
    const { links, size } = video.body as { links: { video: string }; size: number };
    const whole = await fetch(`${t.baseUrl}${links.video}`);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(size);
    const part = await fetch(`${t.baseUrl}${links.video}`, { headers: { range: 'bytes=10-109' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-109/${size}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 110))).toBe(true);
    const past = await fetch(`${t.baseUrl}${links.video}`, {
      headers: { range: `bytes=${size + 10}-` },
    });
    expect(past.status).toBe(416);
  });
});
