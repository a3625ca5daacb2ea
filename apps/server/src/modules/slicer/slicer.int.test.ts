import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { createApiKey } from '../../../test-support/api-keys.js';
import { buildTextGcode } from '../../../test-support/files.js';

let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;
let key: string;

beforeAll(async () => {
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace());
  key = (await createApiKey(t, owner.access, 'PRINT_TO_GROUP')).key;
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
  body: any;
}

/**
 * The request PrusaSlicer 2.8 (src/slic3r/Utils/OctoPrint.cpp, through libcurl) makes: form
 * fields `print` and `path`, then the `file` part, the key in X-Api-Key, and, because the body
 * is large, `Expect: 100-continue` before any of the body is sent.
 */
function uploadLikePrusaSlicer(
  options: { group?: number; apiKey?: string; filename?: string; print?: 'true' | 'false' } = {},
): Promise<RawAnswer> {
  const boundary = '------------------------a1b2c3d4e5f60718';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('print', options.print ?? 'false') + field('path', '')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'Shape-Box_0.2mm_PLA_MK4_12m.gcode'}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    buildTextGcode({ extraLines: 2000 }),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(`/slicer/${options.group ?? workspaceId}/api/files/local`, t.baseUrl),
      {
        method: 'POST',
        headers: {
          'user-agent': 'PrusaSlicer/2.8.1',
          accept: '*/*',
          'x-api-key': options.apiKey ?? key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
          expect: '100-continue',
        },
      },
    );
    request.on('continue', () => request.end(body));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
        }),
      );
    });
    request.on('error', reject);
  });
}

const version = (apiKey: string | undefined, group = workspaceId) =>
  t.api(`/slicer/${group}/api/version`, { headers: apiKey ? { 'x-api-key': apiKey } : {} });

describe('GET /slicer/{groupId}/api/version', () => {
  it("answers OctoPrint's version shape, whose text PrusaSlicer accepts", async () => {
    const response = await version(key);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      api: '0.1',
      server: '1.10.0',
      text: 'OctoPrint 1.10.0 (Printdeck 1.1.0)',
    });
    expect(response.body.text.startsWith('OctoPrint')).toBe(true);
  });

  it('answers a missing or wrong key with 403 in OctoPrint style, never 401', async () => {
    for (const apiKey of [undefined, 'not-a-key', `${key.slice(0, -3)}xyz`]) {
      const response = await version(apiKey);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'Invalid API key' });
    }
  });
});

describe('POST /slicer/{groupId}/api/files/local', () => {
  it('takes an upload made as PrusaSlicer makes it; the file appears in the workspace', async () => {
    const response = await uploadLikePrusaSlicer({ print: 'true' });
    expect(response.status).toBe(201);
    const files = await t.api(`/api/groups/${workspaceId}/files/`, { token: owner.access });
    const file = files.body.results.find(
      (f: { name: string }) => f.name === 'Shape-Box_0.2mm_PLA_MK4_12m.gcode',
    );
    expect(file).toMatchObject({ uploadedById: owner.id, filament_used_g: 0.75 });
    const resource = `http://printdeck.test/api/groups/${workspaceId}/files/${file.id}/`;
    expect(response.body).toEqual({
      done: true,
      files: {
        local: {
          name: 'Shape-Box_0.2mm_PLA_MK4_12m.gcode',
          origin: 'local',
          refs: { resource, download: `http://printdeck.test/gcodes/${file.id}` },
        },
      },
      effectiveSelect: false,
      effectivePrint: false,
    });
    expect(response.headers.location).toBe(resource);
  });

  it('takes Cura-style fields too (select, print) and still refuses unknown ones', async () => {
    const form = new FormData();
    form.append('select', 'true');
    form.append('print', 'false');
    form.append('file', new Blob([new Uint8Array(buildTextGcode())]), 'cura.gcode');
    const ok = await fetch(`${t.baseUrl}/slicer/${workspaceId}/api/files/local`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: form,
    });
    expect(ok.status).toBe(201);
    const odd = new FormData();
    odd.append('storage_key', '../../etc/passwd');
    odd.append('file', new Blob([new Uint8Array(buildTextGcode())]), 'odd.gcode');
    const refused = await fetch(`${t.baseUrl}/slicer/${workspaceId}/api/files/local`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: odd,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'Validation error: storage_key - Unknown field.',
    });
  });

  it('refuses a key whose scope does not upload, and a bad file, in OctoPrint style', async () => {
    const readOnly = (await createApiKey(t, owner.access, 'FULL_READ')).key;
    const scoped = await uploadLikePrusaSlicer({ apiKey: readOnly });
    expect(scoped.status).toBe(403);
    expect(scoped.body).toEqual({ error: 'An API key with the scope FULL_READ may not do this.' });
    expect((await version(readOnly)).status).toBe(403);
    const limited = (await createApiKey(t, owner.access, 'LIMITED_WRITE')).key;
    expect((await uploadLikePrusaSlicer({ apiKey: limited })).status).toBe(403);
    const wrongKey = await uploadLikePrusaSlicer({ apiKey: 'pdk_nothing' });
    expect(wrongKey).toMatchObject({ status: 403, body: { error: 'Invalid API key' } });
    const hidden = await uploadLikePrusaSlicer({ filename: '.hidden.gcode' });
    expect(hidden.status).toBe(400);
    expect(hidden.body).toEqual({
      error: 'Validation error: file - Hidden or system files are not accepted.',
    });
  });

  it("is 404 for a workspace the key's owner is not in, and 403 for an observer's key", async () => {
    const stranger = await buildUser(t);
    const foreign = await buildWorkspace(t, stranger);
    const response = await uploadLikePrusaSlicer({ group: foreign });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/^Workspace does not exists/);
    expect((await version(key, foreign)).status).toBe(404);
    const observer = await buildUser(t);
    await addMember(t, workspaceId, observer, 'observer');
    const observerKey = (await createApiKey(t, observer.access, 'PRINT_TO_GROUP')).key;
    expect((await uploadLikePrusaSlicer({ apiKey: observerKey })).status).toBe(403);
    const foreignFiles = await t.api(`/api/groups/${foreign}/files/`, { token: stranger.access });
    expect(foreignFiles.body.count).toBe(0);
  });

  it("answers a body that is not multipart with a 4xx in OctoPrint's shape, never a 500 (issue 23 fuzz)", async () => {
    for (const contentType of ['image/jpeg', 'application/json', 'text/plain']) {
      const response = await fetch(`${t.baseUrl}/slicer/${workspaceId}/api/files/local`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': contentType },
        body: '\u00ff\u00d8',
      });
      expect([400, 415]).toContain(response.status);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('a deleted key stops working at once', async () => {
    const { id, key: doomed } = await createApiKey(t, owner.access);
    expect((await version(doomed)).status).toBe(200);
    await t.api(`/api/users/me/api_keys/${id}/`, { method: 'DELETE', token: owner.access });
    expect((await version(doomed)).status).toBe(403);
  });
});
