import { describe, expect, it } from 'vitest';
import { parseGcodeMetadata } from '../read-gcode-metadata.js';
import {
  gcodeBlock,
  metadataBlock,
  thumbnailBlock,
  writeBgcode,
} from '../../test-support/bgcode-writer.js';
import {
  PRINTER_METADATA,
  PRINT_METADATA,
  SLICER_METADATA,
  buildMinimalBgcode,
  buildPrusaLikeBgcode,
} from '../../test-support/sample-bgcode.js';
import { PNG_1X1, QOI_1X1, buildJpegStub } from '../../test-support/tiny-images.js';
import type { GcodeReadLimits, ReadGcodeOptions } from '../gcode-metadata.types.js';
import { BlockType, Compression, ThumbnailFormat } from './bgcode-format.js';

const MINIMAL_EXPECTED = {
  format: 'bgcode',
  slicer: 'TestSlicer',
  slicer_version: '1.0',
  printing_time_sec: 3723,
  layer_height_mm: 0.2,
  filament_used_mm: 1234.56,
  filament_used_g: 3.7,
  filament_used_g_source: 'slicer',
  nozzle_diameter_mm: 0.4,
  filament_type: 'PETG',
  thumbnails: [],
} as const;

async function expectError(bytes: Buffer, code: string, options?: ReadGcodeOptions) {
  await expect(parseGcodeMetadata(bytes, options)).rejects.toMatchObject({
    name: 'GcodeParseError',
    code,
  });
}

const minimalWith = (
  blocks: Parameters<typeof writeBgcode>[0],
  options?: Parameters<typeof writeBgcode>[1],
) =>
  writeBgcode(
    [metadataBlock(BlockType.PrinterMetadata, PRINTER_METADATA), ...blocks, gcodeBlock('G28\n')],
    options,
  );

describe('the reference minimal bgcode (§6.11)', () => {
  it('is 358 bytes with the documented file-metadata block', () => {
    const bytes = buildMinimalBgcode();
    expect(bytes.length).toBe(358);
    expect(bytes.subarray(10, 18).toString('hex')).toBe('0000000018000000');
    expect(bytes.subarray(18, 20).toString('hex')).toBe('0000');
    expect(bytes.subarray(44, 48).toString('hex')).toBe('96e7cd80');
    // Print metadata: Deflate, 97 → 89 bytes.
    const print = bytes.indexOf(Buffer.from([4, 0, 1, 0, 97, 0, 0, 0, 89, 0, 0, 0]));
    expect(print).toBeGreaterThan(0);
  });

  it('reads every field and skips the 8-byte thumbnail stub', async () => {
    expect(await parseGcodeMetadata(buildMinimalBgcode())).toMatchObject(MINIMAL_EXPECTED);
  });

  it('reads the same without checksums (checksum type 0)', async () => {
    const bytes = buildMinimalBgcode({ checksum: 0 });
    expect(bytes.length).toBe(358 - 6 * 4);
    expect(await parseGcodeMetadata(bytes)).toMatchObject(MINIMAL_EXPECTED);
  });
});

describe('a PrusaSlicer-like bgcode', () => {
  it('reads metadata, prefers the slicer block for layer height, converts QOI', async () => {
    const metadata = await parseGcodeMetadata(buildPrusaLikeBgcode());
    expect(metadata).toMatchObject({
      slicer: 'PrusaSlicer',
      slicer_version: '2.8.1',
      printing_time_sec: 221,
      filament_used_mm: 252.22,
      filament_used_g: 0.75,
      // 0.125 in the slicer block; the printer block would round it
      layer_height_mm: 0.125,
      nozzle_diameter_mm: 0.4,
      filament_type: 'PLA',
    });
    expect(metadata.thumbnails.map((t) => [t.format, t.width, t.height])).toEqual([
      ['png', 1, 1],
      ['png', 1, 1],
    ]);
    expect(metadata.thumbnails.every((t) => t.data.equals(PNG_1X1))).toBe(true);
  });

  it('recognises bgcode by its magic, whatever the name says (see the file tests)', async () => {
    const metadata = await parseGcodeMetadata(buildPrusaLikeBgcode({ checksum: 0 }));
    expect(metadata.format).toBe('bgcode');
  });
});

describe('compression and encodings on metadata blocks', () => {
  it.each([
    ['Deflate', Compression.Deflate],
    ['heatshrink 11/4', Compression.Heatshrink11],
    ['heatshrink 12/4', Compression.Heatshrink12],
  ])('reads %s slicer metadata', async (_name, compression) => {
    const bytes = minimalWith([
      metadataBlock(BlockType.PrintMetadata, PRINT_METADATA, { compression }),
      metadataBlock(BlockType.SlicerMetadata, `${SLICER_METADATA}layer_height=0.15\n`, {
        compression,
      }),
    ]);
    expect(await parseGcodeMetadata(bytes)).toMatchObject({
      layer_height_mm: 0.15,
      printing_time_sec: 3723,
    });
  });

  it('prefers a JSON slicer block to the INI one, and reads its lists', async () => {
    const json = JSON.stringify({
      layer_height: 0.1,
      nozzle_diameter: [0.6, 0.6],
      nested: { a: 1 },
    });
    const bytes = minimalWith([
      metadataBlock(BlockType.SlicerMetadata, 'layer_height=0.3\nnozzle_diameter=0.4\n'),
      metadataBlock(BlockType.SlicerMetadata, json, { encoding: 1 }),
    ]);
    expect(await parseGcodeMetadata(bytes)).toMatchObject({
      layer_height_mm: 0.1,
      nozzle_diameter_mm: 0.6,
    });
  });

  it('skips INI lines without `=` and keeps `=` inside values', async () => {
    const bytes = minimalWith([
      metadataBlock(BlockType.FileMetadata, 'Producer=Some=Slicer 1.0\nno separator here\n'),
    ]);
    expect(await parseGcodeMetadata(bytes)).toMatchObject({
      slicer: 'Some=Slicer',
      slicer_version: '1.0',
    });
  });

  it('ignores a JSON block that is not an object', async () => {
    const bytes = minimalWith([metadataBlock(BlockType.SlicerMetadata, '[1, 2', { encoding: 1 })]);
    expect(await parseGcodeMetadata(bytes)).toMatchObject({ filament_type: 'PETG' });
  });
});

describe('thumbnail blocks', () => {
  it('trusts the image over the block parameters and drops unreadable images', async () => {
    const bytes = minimalWith([
      thumbnailBlock(
        { format: ThumbnailFormat.Jpg, width: 16, height: 16 },
        buildJpegStub(300, 200),
      ),
      thumbnailBlock({ format: ThumbnailFormat.Png, width: 1, height: 1 }, QOI_1X1),
      thumbnailBlock(
        { format: ThumbnailFormat.Qoi, width: 1, height: 1 },
        Buffer.from('not an image'),
      ),
      thumbnailBlock({ format: 7, width: 1, height: 1 }, PNG_1X1),
    ]);
    const { thumbnails } = await parseGcodeMetadata(bytes);
    expect(thumbnails.map((t) => [t.format, t.width, t.height])).toEqual([
      ['jpg', 300, 200],
      ['png', 1, 1],
      ['png', 1, 1],
    ]);
  });

  it('skips thumbnails over the size or count limit without failing', async () => {
    const blocks = Array.from({ length: 5 }, () =>
      thumbnailBlock({ format: ThumbnailFormat.Png, width: 1, height: 1 }, PNG_1X1),
    );
    const limits: Partial<GcodeReadLimits> = { maxThumbnails: 2 };
    expect((await parseGcodeMetadata(minimalWith(blocks), { limits })).thumbnails).toHaveLength(2);
    const tiny = { limits: { maxThumbnailBytes: 10 } };
    expect((await parseGcodeMetadata(minimalWith(blocks), tiny)).thumbnails).toHaveLength(0);
  });
});

describe('the first G-code block as a fallback', () => {
  it.each([
    ['plain', 0, Compression.None],
    ['MeatPack, heatshrink 12/4', 1, Compression.Heatshrink12],
    ['MeatPack with comments, heatshrink 11/4', 2, Compression.Heatshrink11],
    ['MeatPack with comments, Deflate', 2, Compression.Deflate],
  ] as const)('finds M73 P0 R in a %s block', async (_name, encoding, compression) => {
    const bytes = writeBgcode([
      metadataBlock(BlockType.PrinterMetadata, 'filament_type=PLA\n'),
      gcodeBlock(';LAYER_CHANGE\n;HEIGHT:0.3\nM73 P0 R42\nG1 X1 Y1\n;LAYER_CHANGE\n;HEIGHT:0.2\n', {
        encoding,
        compression,
      }),
    ]);
    const expected = { printing_time_sec: 2520, layer_height_mm: encoding === 1 ? null : 0.2 };
    expect(await parseGcodeMetadata(bytes)).toMatchObject(expected);
  });
});

describe('corrupt files', () => {
  const valid = buildMinimalBgcode();

  it('rejects a newer version and an unknown checksum type', async () => {
    const version2 = Buffer.from(valid);
    version2.writeUInt32LE(2, 4);
    await expectError(version2, 'bgcode_bad_header');
    const checksum2 = Buffer.from(valid);
    checksum2.writeUInt16LE(2, 8);
    await expectError(checksum2, 'bgcode_bad_header');
    await expectError(Buffer.from('GCDE'), 'bgcode_bad_header');
  });

  it('rejects a block size running past the end of the file', async () => {
    await expectError(valid.subarray(0, 300), 'bgcode_truncated');
    const huge = Buffer.from(valid);
    huge.writeUInt32LE(0xffffffff, 14); // file metadata's uncompressed size
    await expectError(huge, 'bgcode_truncated');
  });

  it('rejects bytes after the last block', async () => {
    await expectError(Buffer.concat([valid, Buffer.from([1, 2, 3])]), 'bgcode_truncated');
  });

  it('rejects a bad CRC, unless checks are off', async () => {
    const flipped = Buffer.from(valid);
    flipped[25] = (flipped[25] ?? 0) ^ 0x20; // a letter of "Producer=TestSlicer"
    await expectError(flipped, 'bgcode_checksum_mismatch');
    const metadata = await parseGcodeMetadata(flipped, { verifyChecksums: false });
    expect(metadata.slicer).not.toBe('TestSlicer');
  });

  it('rejects unknown block types, compressions and encodings', async () => {
    for (const [offset, value] of [
      [10, 6],
      [12, 4],
      [18, 2],
    ]) {
      const bad = Buffer.from(valid);
      bad.writeUInt16LE(value ?? 0, offset ?? 0);
      await expectError(bad, 'bgcode_bad_block', { verifyChecksums: false });
    }
  });

  it('rejects data that does not decompress to the declared size', async () => {
    const bytes = minimalWith([
      metadataBlock(BlockType.PrintMetadata, PRINT_METADATA, { compression: Compression.Deflate }),
    ]);
    const print = bytes.indexOf(Buffer.from([4, 0, 1, 0]));
    bytes.writeUInt32LE(96, print + 4); // one byte less than the data inflates to
    await expectError(bytes, 'bgcode_decompress_failed', { verifyChecksums: false });
  });

  it('rejects metadata over the limit before reading it', async () => {
    await expectError(buildMinimalBgcode(), 'limit_exceeded', { limits: { maxMetadataBytes: 16 } });
  });

  it('rejects a file of endless metadata blocks at the block limit', async () => {
    const blocks = Array.from({ length: 300 }, () => metadataBlock(BlockType.FileMetadata, ''));
    await expectError(writeBgcode(blocks), 'limit_exceeded');
  });

  it('accepts a truncated G-code tail when the chain check is off', async () => {
    const bytes = buildPrusaLikeBgcode();
    const cut = bytes.subarray(0, bytes.length - 5);
    await expectError(cut, 'bgcode_truncated');
    const metadata = await parseGcodeMetadata(cut, { verifyBlockChain: false });
    expect(metadata.printing_time_sec).toBe(221);
  });
});
