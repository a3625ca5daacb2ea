import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@printdeck/shared';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import {
  buildBgcode,
  buildTextGcode,
  countFileRows,
  listStoredFiles,
  readError,
  uploadFile,
} from '../../../test-support/files.js';
import { postRawMultipart } from '../../../test-support/raw-multipart.js';

let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;
beforeAll(async () => ({ t, user: owner, workspaceId } = await startServerWithWorkspace()));
afterAll(() => t.close());

const limits = () => t.server.services.files.fileUploads.limits;
afterEach(() => {
  limits().maxBytes = LIMITS.uploadMaxBytes;
});

/** Whether `condition` comes true within the time (vi.waitFor), without failing the test. */
async function comesTrue(condition: () => boolean, timeoutMs = 3000): Promise<boolean> {
  return vi
    .waitFor(() => expect(condition()).toBe(true), { timeout: timeoutMs, interval: 10 })
    .then(
      () => true,
      () => false,
    );
}

/** A refused upload changes nothing: no row, no file in tmp, files or previews. */
async function expectNothingStored(run: () => Promise<unknown>) {
  const rowsBefore = await countFileRows(t);
  const storedBefore = listStoredFiles(t);
  await run();
  expect(await countFileRows(t)).toBe(rowsBefore);
  expect(listStoredFiles(t)).toEqual(storedBefore);
}

describe('POST /api/groups/{g}/files/: file kinds (issue 23)', () => {
  it('takes only the names of print files, whatever the content', async () => {
    const bytes = buildTextGcode();
    for (const filename of ['evil.html', 'part.gcode.svg', 'notes.txt', 'part']) {
      await expectNothingStored(async () => {
        const response = await uploadFile(t, owner.access, workspaceId, { bytes, filename });
        expect(response.status, filename).toBe(400);
        expect(Object.keys(response.body.details), filename).toEqual(['file']);
      });
    }
    for (const filename of ['PART.GCODE', 'part.gco', 'part.g']) {
      const response = await uploadFile(t, owner.access, workspaceId, { bytes, filename });
      expect(response.status, filename).toBe(201);
    }
  });
});

describe('POST /api/groups/{g}/files/: accepted files', () => {
  it('stores text G-code with its metadata, hash and preview', async () => {
    const bytes = buildTextGcode();
    const response = await uploadFile(t, owner.access, workspaceId, {
      bytes,
      filename: 'benchy.gcode',
      fields: { note: 'first layer looks fine' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'benchy.gcode',
      note: 'first layer looks fine',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      format: 'gcode',
      is_public: false,
      filament_type: 'PETG',
      filament_color: null,
      uploadedBy: owner.email,
      uploadedById: owner.id,
      fileLabels: [],
      slicer: 'PrusaSlicer',
      printing_time_sec: 221,
      layer_height_mm: 0.2,
      filament_used_mm: 252.22,
      filament_used_g: 0.75,
      nozzle_diameter_mm: 0.4,
    });
    expect(response.body.file_id).toBe(response.body.id);
    expect(response.body.previewImages).toEqual([
      { id: expect.any(Number), is_primary: true, width: 1, height: 1 },
    ]);
    const stored = listStoredFiles(t);
    expect(stored.filter((p) => p.startsWith('tmp'))).toEqual([]);
    expect(stored).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^files/${workspaceId}/[0-9a-f-]{36}$`)),
      ]),
    );
  });

  it('stores .bgcode with its metadata and serves its preview as PNG', async () => {
    const response = await uploadFile(t, owner.access, workspaceId, {
      bytes: buildBgcode(),
      filename: 'bracket.bgcode',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      format: 'bgcode',
      filament_type: 'ASA',
      nozzle_diameter_mm: 0.6,
      layer_height_mm: 0.25,
      filament_used_g: 3.7,
      printing_time_sec: 3723,
    });
    const [preview] = response.body.previewImages;
    const image = await fetch(
      `${t.baseUrl}/api/files/${response.body.id}/preview-images/${preview.id}/`,
      { headers: { authorization: `Bearer ${owner.access}` } },
    );
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('takes the name field over the file name, and cleans separators and control characters', async () => {
    const named = await uploadFile(t, owner.access, workspaceId, {
      bytes: buildTextGcode(),
      fields: { name: ' ../etc/pass\u0007wd\u202e.gcode ' },
    });
    expect(named.status).toBe(201);
    expect(named.body.name).toBe('..etcpasswd.gcode');
    const fromPath = await uploadFile(t, owner.access, workspaceId, {
      bytes: buildTextGcode(),
      filename: '..\\..\\windows\\evil\u0001.gcode',
    });
    expect(fromPath.status).toBe(201);
    expect(fromPath.body.name).toBe('evil.gcode');
    const unicode = await uploadFile(t, owner.access, workspaceId, {
      bytes: buildTextGcode(),
      filename: 'Čáp – držák.gcode',
    });
    expect(unicode.body.name).toBe('Čáp – držák.gcode');
  });

  it('counts the files in the workspace response', async () => {
    const space = await buildWorkspace(t, owner);
    await uploadFile(t, owner.access, space, { bytes: buildTextGcode() });
    await uploadFile(t, owner.access, space, { bytes: buildBgcode() });
    const list = await t.api('/api/users/me/groups/', { token: owner.access });
    expect(list.body.find((g: { id: number }) => g.id === space).gcodes_count).toBe(2);
  });
});

describe('POST /api/groups/{g}/files/: refused files leave nothing behind', () => {
  it('refuses a file of 1000 bytes or less, and takes one of 1001', async () => {
    await expectNothingStored(async () => {
      const response = await uploadFile(t, owner.access, workspaceId, {
        bytes: Buffer.alloc(1000, 'G1 X1\n'),
      });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual({ file: ['The file must be larger than 1000 bytes.'] });
    });
    const enough = await uploadFile(t, owner.access, workspaceId, {
      bytes: Buffer.alloc(1001, 'G1 X1\n'),
    });
    expect(enough.status).toBe(201);
  });

  it('refuses hidden and system files', async () => {
    for (const filename of ['.DS_Store', 'Thumbs.db', 'desktop.ini', '.hidden.gcode']) {
      await expectNothingStored(async () => {
        const response = await uploadFile(t, owner.access, workspaceId, {
          bytes: buildTextGcode(),
          filename,
        });
        expect(response.status, filename).toBe(400);
        expect(response.body.details.file).toEqual(['Hidden or system files are not accepted.']);
      });
    }
  });

  it('refuses binary noise that claims to be G-code', async () => {
    await expectNothingStored(async () => {
      const response = await uploadFile(t, owner.access, workspaceId, {
        bytes: randomBytes(64 * 1024),
        filename: 'noise.gcode',
      });
      expect(response.status).toBe(400);
      expect(response.body.details.file[0]).toMatch(/neither text G-code nor binary G-code/);
    });
  });

  it('refuses a .bgcode with a wrong CRC or a truncated block, naming the reason', async () => {
    const good = buildBgcode();
    const badCrc = Buffer.from(good);
    badCrc[40] = badCrc[40]! ^ 0xff;
    const truncated = good.subarray(0, good.length - 30);
    const cases: Array<[Buffer, RegExp]> = [
      [badCrc, /CRC32/],
      [truncated, /truncated/],
    ];
    for (const [bytes, reason] of cases) {
      await expectNothingStored(async () => {
        const response = await uploadFile(t, owner.access, workspaceId, {
          bytes,
          filename: 'broken.bgcode',
        });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('validation_error');
        expect(response.body.details.file[0]).toMatch(reason);
      });
    }
  });

  it('answers 413 once the file passes the limit while streaming', async () => {
    limits().maxBytes = 8 * 1024;
    await expectNothingStored(async () => {
      const response = await uploadFile(t, owner.access, workspaceId, {
        bytes: buildTextGcode({ extraLines: 2000 }),
      });
      expect(response.status).toBe(413);
      expect(response.body.code).toBe('payload_too_large');
    });
    const atLimit = await uploadFile(t, owner.access, workspaceId, {
      bytes: Buffer.alloc(8 * 1024, 'G1 X1\n'),
    });
    expect(atLimit.status).toBe(201);
  });

  it('answers 413 at once for a declared length over the limit, without reading the body', async () => {
    await expectNothingStored(async () => {
      const response = await postRawMultipart(t, {
        token: owner.access,
        workspaceId,
        declaredLength: LIMITS.uploadMaxBytes + 1024 * 1024,
        send: [Buffer.alloc(64 * 1024, 'G1 X1\n')],
      });
      expect(response.status).toBe(413);
      expect(response.body.code).toBe('payload_too_large');
      // the unread rest of the body is not drained: the connection closes after the answer
      expect(response.connection).toBe('close');
    });
  });

  it('removes the partial file when the client goes away mid-upload', async () => {
    const hasTemp = () => listStoredFiles(t).some((p) => p.startsWith('tmp'));
    await expectNothingStored(async () => {
      let sawPartial = false;
      const response = await postRawMultipart(t, {
        token: owner.access,
        workspaceId,
        declaredLength: 1024 * 1024,
        send: [Buffer.alloc(256 * 1024, 'G1 X1\n')],
        abortAfter: async () => {
          sawPartial = await comesTrue(hasTemp);
        },
      });
      expect(response.status).toBe(0);
      expect(sawPartial).toBe(true);
      // the server notices the closed socket asynchronously
      expect(await comesTrue(() => !hasTemp())).toBe(true);
    });
  });

  it('refuses a form without a file, with two files, or with unknown fields', async () => {
    await expectNothingStored(async () => {
      const empty = new FormData();
      empty.append('name', 'x.gcode');
      const noFile = await fetch(`${t.baseUrl}/api/groups/${workspaceId}/files/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.access}` },
        body: empty,
      });
      expect(noFile.status).toBe(400);
      expect((await readError(noFile)).details).toEqual({
        file: ['G-code not selected or invalid.'],
      });

      const two = new FormData();
      two.append('file', new Blob([new Uint8Array(buildTextGcode())]), 'a.gcode');
      two.append('file', new Blob([new Uint8Array(buildTextGcode())]), 'b.gcode');
      const twoFiles = await fetch(`${t.baseUrl}/api/groups/${workspaceId}/files/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.access}` },
        body: two,
      });
      expect(twoFiles.status).toBe(400);

      for (const field of ['storage_key', 'path', 'workspaceId']) {
        const response = await uploadFile(t, owner.access, workspaceId, {
          bytes: buildTextGcode(),
          fields: { [field]: '../../etc/passwd' },
        });
        expect(response.status, field).toBe(400);
        expect(response.body.details).toEqual({ [field]: ['Unknown field.'] });
      }
      const longNote = await uploadFile(t, owner.access, workspaceId, {
        bytes: buildTextGcode(),
        fields: { note: 'x'.repeat(LIMITS.gcodeNoteMax + 1) },
      });
      expect(longNote.status).toBe(400);
      expect(Object.keys(longNote.body.details)).toEqual(['note']);
    });
  });

  it('answers 415 for a body that is not multipart', async () => {
    const response = await t.api(`/api/groups/${workspaceId}/files/`, {
      method: 'POST',
      token: owner.access,
      body: { file: 'G28' },
    });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('unsupported_media_type');
  });

  it('is 403 for an observer and 404 for a stranger, before the body is read', async () => {
    const observer = await buildUser(t);
    await addMember(t, workspaceId, observer, 'observer');
    const stranger = await buildUser(t);
    await expectNothingStored(async () => {
      const asObserver = await uploadFile(t, observer.access, workspaceId, {
        bytes: buildTextGcode(),
      });
      expect(asObserver.status).toBe(403);
      const asStranger = await uploadFile(t, stranger.access, workspaceId, {
        bytes: buildTextGcode(),
      });
      expect(asStranger.status).toBe(404);
    });
  });
});
