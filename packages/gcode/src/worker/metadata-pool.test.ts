import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GcodeParseError } from '../gcode-parse-error.js';
import { buildPreviewBombBgcode } from '../test-support/preview-bomb.js';
import { buildPrusaLikeBgcode } from '../test-support/sample-bgcode.js';
import { createMetadataPool } from './metadata-pool.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'printdeck-pool-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function writeSample(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

const UNBOUNDED = {
  maxThumbnailPixelsPerFile: Number.MAX_SAFE_INTEGER,
  thumbnailTimeBudgetMs: Number.MAX_SAFE_INTEGER,
};

describe('the metadata pool', () => {
  it('reads a file on a worker thread: metadata and previews as Buffers', async () => {
    const pool = createMetadataPool();
    try {
      const metadata = await pool.read(await writeSample('a.bgcode', buildPrusaLikeBgcode()));
      expect(metadata).toMatchObject({ format: 'bgcode', slicer: 'PrusaSlicer' });
      expect(metadata.thumbnails).toHaveLength(2);
      expect(Buffer.isBuffer(metadata.thumbnails[0]?.data)).toBe(true);
      expect(pool.busy()).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('a file over the time limit has its thread ended and is read again without previews', async () => {
    const pool = createMetadataPool({ timeLimitMs: 20 });
    try {
      const path = await writeSample('bomb.bgcode', buildPreviewBombBgcode());
      const metadata = await pool.read(path, { limits: UNBOUNDED });
      expect(metadata).toMatchObject({ format: 'bgcode', slicer: 'PrusaSlicer', thumbnails: [] });
    } finally {
      await pool.close();
    }
  });

  it('refuses with the parse error the thread found', async () => {
    const pool = createMetadataPool();
    try {
      const path = await writeSample('bad.bgcode', Buffer.from('GCDE\u0009\u0000\u0000\u0000xx'));
      const error = await pool.read(path).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GcodeParseError);
      expect((error as GcodeParseError).code).toBe('bgcode_bad_header');
    } finally {
      await pool.close();
    }
  });
});
