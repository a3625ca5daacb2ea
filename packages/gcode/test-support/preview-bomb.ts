import { ThumbnailFormat } from '../src/bgcode/bgcode-format.js';
import { thumbnailBlock, type TestBlock } from './bgcode-writer.js';
import { buildPrusaLikeBgcode } from './sample-bgcode.js';

/**
 * A QOI image of one colour: the first pixel, then runs of 62. A 2048 × 2048 image is 68 KB
 * on disk and 16 MiB once decoded: the cheapest way to make a reader work hard.
 */
export function buildRunQoi(side: number): Buffer {
  const header = Buffer.alloc(14);
  header.write('qoif', 0, 'latin1');
  header.writeUInt32BE(side, 4);
  header.writeUInt32BE(side, 8);
  header[12] = 4;
  const rest = side * side - 1;
  const runs: number[] = [];
  for (let left = rest; left > 0; left -= 62) runs.push(0xc0 | (Math.min(62, left) - 1));
  const firstPixel = [0xff, 200, 90, 30, 255];
  return Buffer.concat([header, Buffer.from(firstPixel), Buffer.from(runs), END]);
}
const END = Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]);

/** Issue 23's upload: a valid .bgcode with 16 QOI previews of 2048 × 2048, about 1 MB. */
export function buildPreviewBombBgcode(options: { previews?: number; side?: number } = {}): Buffer {
  const side = options.side ?? 2048;
  const image = buildRunQoi(side);
  const previews: TestBlock[] = Array.from({ length: options.previews ?? 16 }, () =>
    thumbnailBlock({ format: ThumbnailFormat.Qoi, width: side, height: side }, image),
  );
  return buildPrusaLikeBgcode({ extraBlocks: previews });
}
