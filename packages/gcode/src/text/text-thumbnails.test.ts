import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../limits.js';
import { parseGcodeMetadata } from '../read-gcode-metadata.js';
import { lines } from '../../test-support/sample-files.js';
import {
  PNG_1X1,
  PNG_1X1_BASE64,
  QOI_1X1_BASE64,
  buildJpegStub,
  toThumbnailLines,
} from '../../test-support/tiny-images.js';
import { collectTextImages } from './text-thumbnails.js';

const collect = (text: string, limits = DEFAULT_LIMITS) =>
  collectTextImages([text.split('\n')], limits);
const thumbnailsOf = async (text: string) =>
  (await parseGcodeMetadata(Buffer.from(text))).thumbnails;

/** A real-looking PNG of the given size: the 1×1 image with its IHDR size rewritten. */
function buildPngOfSize(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_1X1);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

describe('thumbnail blocks', () => {
  it('reads PNG, JPG and QOI blocks, converts QOI to PNG and sorts largest first', async () => {
    const text = lines(
      toThumbnailLines('thumbnail', '16x16', buildPngOfSize(16, 16).toString('base64')),
      toThumbnailLines('thumbnail_QOI', '1x1', QOI_1X1_BASE64),
      toThumbnailLines('thumbnail_JPG', '160x160', buildJpegStub(160, 120).toString('base64')),
      toThumbnailLines('thumbnail_PNG', '220x124', buildPngOfSize(220, 124).toString('base64')),
    );
    const thumbnails = await thumbnailsOf(text);
    expect(thumbnails.map((t) => [t.format, t.width, t.height])).toEqual([
      ['png', 220, 124],
      ['jpg', 160, 120],
      ['png', 16, 16],
      ['png', 1, 1],
    ]);
    expect(thumbnails[3]?.data.equals(PNG_1X1)).toBe(true);
  });

  it("takes the size from the image, not from Cura's `W H` claim", async () => {
    const text = lines(
      ';',
      `; thumbnail begin 32 32 ${PNG_1X1_BASE64.length}`,
      `; ${PNG_1X1_BASE64}`,
      '; thumbnail end',
      ';',
    );
    expect((await thumbnailsOf(text)).map((t) => [t.width, t.height])).toEqual([[1, 1]]);
  });

  it('accepts a Cura-DuetRRF QOI block closed by a plain end tag', async () => {
    const text = lines(
      `; thumbnail_QOI begin 48x48 ${QOI_1X1_BASE64.length}`,
      `; ${QOI_1X1_BASE64}`,
      '; thumbnail end',
    );
    expect(await thumbnailsOf(text)).toHaveLength(1);
  });

  it('ignores the Orca wrapper lines and reads a Luban data URL line', () => {
    const text = lines(
      '; THUMBNAIL_BLOCK_START',
      toThumbnailLines('thumbnail', '1x1', PNG_1X1_BASE64),
      '; THUMBNAIL_BLOCK_END',
      `;thumbnail: data:image/png;base64,${PNG_1X1_BASE64}`,
    );
    expect(collect(text)).toEqual([PNG_1X1, PNG_1X1]);
  });
});

describe('broken thumbnail blocks are skipped', () => {
  const [begin, ...rest] = toThumbnailLines('thumbnail', '1x1', PNG_1X1_BASE64);
  const valid = toThumbnailLines('thumbnail', '1x1', PNG_1X1_BASE64);

  it.each([
    ['base64 shorter than declared', [begin?.replace(/ \d+$/, ' 200'), ...rest], 1],
    ['a begin without an end', [begin, ...rest.slice(0, -1)], 1],
    ['a line that is not base64', [begin, '; not base64!', ...rest], 1],
    ['a line that is no comment', [begin, 'G1 X1', ...rest], 1],
    // The outer block is dropped; the inner one is whole.
    ['another begin before the end', [begin, ...valid], 2],
  ])('%s', (_name, blockLines, kept) => {
    // A valid block follows each broken one, to show the reader recovers.
    const text = lines(blockLines.map(String), valid);
    expect(collect(text)).toEqual(Array.from({ length: kept }, () => PNG_1X1));
  });

  it('drops images that are not PNG, JPG or QOI, such as ColPic or BIQU payloads', async () => {
    const text = lines(
      toThumbnailLines('thumbnail_BIQU', '1x1', Buffer.from('RGB565 data').toString('base64')),
    );
    expect(collect(text)).toHaveLength(1);
    expect(await thumbnailsOf(text)).toEqual([]);
  });

  it('caps the count and the size of images', () => {
    const many = lines(...Array.from({ length: 20 }, () => valid));
    expect(collect(many)).toHaveLength(DEFAULT_LIMITS.maxThumbnails);
    expect(collect(lines(valid), { ...DEFAULT_LIMITS, maxThumbnailBytes: 30 })).toEqual([]);
  });
});

describe('thumbnail payload lines on adversarial input (checklist C25)', () => {
  it('drops a block whose line is 50,000 spaces followed by a non-base64 character', () => {
    const block = toThumbnailLines('thumbnail', '1x1', PNG_1X1_BASE64);
    expect(collect(block.join('\n'))).toHaveLength(1);
    block.splice(1, 0, `;${' '.repeat(50_000)}!`);
    expect(collect(block.join('\n'))).toEqual([]);
  });
});
