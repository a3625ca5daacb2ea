import { buildPreviewBombBgcode } from '@printdeck/gcode/preview-bomb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuiltUser } from '../../../test-support/factories.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { uploadFile } from '../../../test-support/files.js';

let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;
beforeAll(async () => ({ t, user: owner, workspaceId } = await startServerWithWorkspace()));
afterAll(() => t.close());

const uploads = () => t.server.services.files.fileUploads;
const pool = () => t.server.services.files.metadataPool;

/** Issue 23: 16 QOI previews of 2048 × 2048 in a 1 MB .bgcode froze the server for seconds. */
describe('a file that is costly to read stalls no one', () => {
  it('uploads with the previews the per-file pixel budget allows', async () => {
    const response = await uploadFile(t, owner.access, workspaceId, {
      bytes: buildPreviewBombBgcode(),
      filename: 'bomb.bgcode',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ format: 'bgcode', slicer: 'PrusaSlicer' });
    // one 2048 × 2048 QOI fills the budget, the PNG is kept as it is: 2 of 17 previews
    expect(response.body.previewImages).toHaveLength(2);
  });

  it('/api/health answers while the file is being read', async () => {
    // Lift the budgets so the read takes seconds: on the event loop, nothing would answer
    // until it ended; on the pool's thread, health answers while it runs.
    Object.assign(uploads().readLimits, {
      maxThumbnailPixelsPerFile: Number.MAX_SAFE_INTEGER,
      thumbnailTimeBudgetMs: Number.MAX_SAFE_INTEGER,
    });
    try {
      const upload = uploadFile(t, owner.access, workspaceId, {
        bytes: buildPreviewBombBgcode(),
        filename: 'bomb-unbounded.bgcode',
      });
      await vi.waitFor(() => expect(pool().busy()).toBe(1), { timeout: 20_000, interval: 5 });
      const health = await t.api('/api/health');
      expect(health.status).toBe(200);
      // still reading: the answer came while the file was on the worker thread
      expect(pool().busy()).toBe(1);
      expect((await upload).status).toBe(201);
    } finally {
      const limits = uploads().readLimits;
      delete limits.maxThumbnailPixelsPerFile;
      delete limits.thumbnailTimeBudgetMs;
    }
  });
});
