/** A decoded image, one byte per channel, rows top to bottom. */
export interface RasterImage {
  width: number;
  height: number;
  channels: 3 | 4;
  pixels: Buffer;
}

const HEADER_SIZE = 14;
const END_MARKER = Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]);
const OP_RGB = 0xfe;
const OP_RGBA = 0xff;
const TAG_MASK = 0xc0;
const OP_INDEX = 0x00;
const OP_DIFF = 0x40;
const OP_LUMA = 0x80;

/** The size the header claims, or null when there is no header. */
export function readQoiSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < HEADER_SIZE || bytes.toString('latin1', 0, 4) !== 'qoif') return null;
  return { width: bytes.readUInt32BE(4), height: bytes.readUInt32BE(8) };
}

/**
 * Decodes a QOI image (qoiformat.org spec). PrusaSlicer writes QOI previews for Prusa printers;
 * browsers cannot show them, so they are turned into PNG. Unlike the reference decoder, which
 * pads a short stream with the last pixel, a stream that ends early or lacks its end marker is
 * refused: a preview that cannot be trusted is better dropped than shown half grey.
 * Returns `null` for anything invalid or over `maxPixels`.
 */
export function decodeQoi(bytes: Buffer, maxPixels: number): RasterImage | null {
  if (bytes.length < HEADER_SIZE + END_MARKER.length) return null;
  if (bytes.toString('latin1', 0, 4) !== 'qoif') return null;
  if (!bytes.subarray(bytes.length - END_MARKER.length).equals(END_MARKER)) return null;
  const width = bytes.readUInt32BE(4);
  const height = bytes.readUInt32BE(8);
  const channels = bytes[12];
  if (width === 0 || height === 0 || width * height > maxPixels) return null;
  if ((channels !== 3 && channels !== 4) || (bytes[13] ?? 2) > 1) return null;
  const pixels = decodeChunks(bytes, { pixelCount: width * height, channels });
  return pixels ? { width, height, channels, pixels } : null;
}

function decodeChunks(
  bytes: Buffer,
  { pixelCount, channels }: { pixelCount: number; channels: 3 | 4 },
): Buffer | null {
  const out = Buffer.alloc(pixelCount * channels);
  const seen = new Uint8Array(64 * 4);
  const chunksEnd = bytes.length - END_MARKER.length;
  let [r, g, b, a] = [0, 0, 0, 255];
  let position = HEADER_SIZE;
  let run = 0;
  for (let pixel = 0; pixel < pixelCount; pixel++) {
    if (run > 0) {
      run -= 1;
    } else {
      if (position >= chunksEnd) return null;
      const op = bytes[position++] ?? 0;
      const need = op === OP_RGBA ? 4 : op === OP_RGB ? 3 : (op & TAG_MASK) === OP_LUMA ? 1 : 0;
      if (position + need > chunksEnd) return null;
      if (op === OP_RGB || op === OP_RGBA) {
        [r, g, b] = [bytes[position] ?? 0, bytes[position + 1] ?? 0, bytes[position + 2] ?? 0];
        if (op === OP_RGBA) a = bytes[position + 3] ?? 0;
      } else if ((op & TAG_MASK) === OP_INDEX) {
        const slot = (op & 0x3f) * 4;
        [r, g, b, a] = [
          seen[slot] ?? 0,
          seen[slot + 1] ?? 0,
          seen[slot + 2] ?? 0,
          seen[slot + 3] ?? 0,
        ];
      } else if ((op & TAG_MASK) === OP_DIFF) {
        r = (r + ((op >> 4) & 3) - 2) & 0xff;
        g = (g + ((op >> 2) & 3) - 2) & 0xff;
        b = (b + (op & 3) - 2) & 0xff;
      } else if ((op & TAG_MASK) === OP_LUMA) {
        const next = bytes[position] ?? 0;
        const dg = (op & 0x3f) - 32;
        r = (r + dg - 8 + ((next >> 4) & 0x0f)) & 0xff;
        g = (g + dg) & 0xff;
        b = (b + dg - 8 + (next & 0x0f)) & 0xff;
      } else {
        run = op & 0x3f;
      }
      position += need;
      const slot = ((r * 3 + g * 5 + b * 7 + a * 11) % 64) * 4;
      seen[slot] = r;
      seen[slot + 1] = g;
      seen[slot + 2] = b;
      seen[slot + 3] = a;
    }
    const at = pixel * channels;
    out[at] = r;
    out[at + 1] = g;
    out[at + 2] = b;
    if (channels === 4) out[at + 3] = a;
  }
  return out;
}
