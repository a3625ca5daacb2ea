import { promisify } from 'node:util';
import { crc32, deflate, deflateSync } from 'node:zlib';
import type { RasterImage } from './qoi.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE = { 3: 2, 4: 6 } as const; // truecolour, truecolour with alpha

const deflateAsync = promisify(deflate);

/**
 * The one PNG encoder of the repository (gcode thumbnails, workspace avatars, test images): a
 * minimal PNG of IHDR, one IDAT of unfiltered rows, IEND. Enough for preview-sized images.
 */
export function encodePng(image: RasterImage): Buffer {
  return assemblePng(image, deflateSync(toScanlines(image)));
}

/** encodePng with the compression off the event loop, for a server answering requests. */
export async function encodePngAsync(image: RasterImage): Promise<Buffer> {
  return assemblePng(image, await deflateAsync(toScanlines(image)));
}

function toScanlines(image: RasterImage): Buffer {
  const rowBytes = image.width * image.channels;
  const rows = Buffer.alloc((rowBytes + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    // Each row starts with its filter type byte; 0 means none.
    image.pixels.copy(rows, y * (rowBytes + 1) + 1, y * rowBytes, (y + 1) * rowBytes);
  }
  return rows;
}

function assemblePng(image: RasterImage, compressedRows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8; // bits per channel
  header[9] = COLOR_TYPE[image.channels];
  return Buffer.concat([
    SIGNATURE,
    encodeChunk('IHDR', header),
    encodeChunk('IDAT', compressedRows),
    encodeChunk('IEND', Buffer.alloc(0)),
  ]);
}

function encodeChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}
