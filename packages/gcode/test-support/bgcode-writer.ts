import { crc32, deflateSync } from 'node:zlib';
import { BlockType, Compression } from '../src/bgcode/bgcode-format.js';
import { encodeHeatshrink } from './heatshrink-encoder.js';
import { encodeMeatpack } from './meatpack-encoder.js';

/**
 * Builds .bgcode files for tests from the spec (reference §6), so no AGPL sample file is
 * committed: the header, then per block its header, parameters, data and CRC32.
 */
export interface TestBlock {
  type: BlockType;
  compression?: Compression;
  params: Buffer;
  data: Buffer;
}

export function writeBgcode(
  blocks: TestBlock[],
  options: { checksum?: 0 | 1; version?: number } = {},
): Buffer {
  const checksum = options.checksum ?? 1;
  const header = Buffer.alloc(10);
  header.write('GCDE', 0, 'latin1');
  header.writeUInt32LE(options.version ?? 1, 4);
  header.writeUInt16LE(checksum, 8);
  return Buffer.concat([header, ...blocks.map((block) => writeBlock(block, checksum === 1))]);
}

export function writeBlock(block: TestBlock, withChecksum: boolean): Buffer {
  const compression = block.compression ?? Compression.None;
  const stored = compress(block.data, compression);
  const header = Buffer.alloc(compression === Compression.None ? 8 : 12);
  header.writeUInt16LE(block.type, 0);
  header.writeUInt16LE(compression, 2);
  header.writeUInt32LE(block.data.length, 4);
  if (compression !== Compression.None) header.writeUInt32LE(stored.length, 8);
  const body = Buffer.concat([header, block.params, stored]);
  if (!withChecksum) return body;
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(body), 0);
  return Buffer.concat([body, crc]);
}

const HEATSHRINK_11 = { windowBits: 11, lookaheadBits: 4 };
const HEATSHRINK_12 = { windowBits: 12, lookaheadBits: 4 };

export function compress(data: Buffer, compression: Compression): Buffer {
  if (compression === Compression.Deflate) return deflateSync(data);
  if (compression === Compression.Heatshrink11) return encodeHeatshrink(data, HEATSHRINK_11);
  if (compression === Compression.Heatshrink12) return encodeHeatshrink(data, HEATSHRINK_12);
  return data;
}

const u16 = (...values: number[]) => {
  const buffer = Buffer.alloc(values.length * 2);
  values.forEach((value, index) => buffer.writeUInt16LE(value, index * 2));
  return buffer;
};

export function metadataBlock(
  type: BlockType,
  text: string,
  options: { compression?: Compression; encoding?: number } = {},
): TestBlock {
  return {
    type,
    compression: options.compression,
    params: u16(options.encoding ?? 0),
    data: Buffer.from(text),
  };
}

/** `claimed` is what the block parameters say; readers must trust the image itself. */
export function thumbnailBlock(
  claimed: { format: number; width: number; height: number },
  image: Buffer,
): TestBlock {
  const params = u16(claimed.format, claimed.width, claimed.height);
  return { type: BlockType.Thumbnail, params, data: image };
}

export function gcodeBlock(
  gcode: string,
  options: { compression?: Compression; encoding?: 0 | 1 | 2 } = {},
): TestBlock {
  const encoding = options.encoding ?? 0;
  const data = encoding === 0 ? Buffer.from(gcode) : encodeMeatpack(gcode, encoding === 2);
  return { type: BlockType.Gcode, compression: options.compression, params: u16(encoding), data };
}
