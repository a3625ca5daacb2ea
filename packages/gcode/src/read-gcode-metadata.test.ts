import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GcodeParseError, readGcodeMetadata } from './index.js';
import { buildPrusaLikeBgcode } from '../test-support/sample-bgcode.js';
import { PRUSASLICER_281 } from '../test-support/sample-files.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'printdeck-gcode-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeSample(name: string, bytes: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

describe('readGcodeMetadata on files', () => {
  it('reads a text G-code file', async () => {
    const metadata = await readGcodeMetadata(await writeSample('cube.gcode', PRUSASLICER_281));
    expect(metadata).toMatchObject({
      format: 'gcode',
      printing_time_sec: 221,
      filament_type: 'PLA',
    });
    expect(metadata.thumbnails).toHaveLength(1);
  });

  it('reads a bgcode file, judging by the magic even when it is named .gcode', async () => {
    const path = await writeSample('renamed.gcode', buildPrusaLikeBgcode({ gcodeBlocks: 50 }));
    const metadata = await readGcodeMetadata(path);
    expect(metadata).toMatchObject({
      format: 'bgcode',
      slicer: 'PrusaSlicer',
      printing_time_sec: 221,
    });
  });

  it('rejects a truncated bgcode file with the package error', async () => {
    const bytes = buildPrusaLikeBgcode();
    const path = await writeSample('cut.bgcode', bytes.subarray(0, bytes.length - 1));
    await expect(readGcodeMetadata(path)).rejects.toMatchObject({ code: 'bgcode_truncated' });
  });

  it('rejects a missing file and a directory as read_failed', async () => {
    for (const path of [join(dir, 'missing.gcode'), dir]) {
      const error: unknown = await readGcodeMetadata(path).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GcodeParseError);
      expect(error).toMatchObject({ code: 'read_failed' });
    }
  });
});
