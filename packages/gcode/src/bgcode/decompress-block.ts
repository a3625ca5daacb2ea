import { inflateSync } from 'node:zlib';
import { GcodeParseError } from '../gcode-parse-error.js';
import { Compression } from './bgcode-format.js';
import type { BlockHeader } from './bgcode-blocks.js';
import { decodeHeatshrink } from './heatshrink.js';

const HEATSHRINK = { lookaheadBits: 4 };

/**
 * Undoes a block's compression; the result must be exactly the declared size. Callers check
 * the declared size against their limit first, since it sizes the output buffer.
 */
export function decompressBlock(block: BlockHeader, stored: Buffer): Buffer {
  const output = decompress(block, stored);
  if (output?.length !== block.uncompressedSize) {
    throw new GcodeParseError(
      'bgcode_decompress_failed',
      `block at ${block.offset}: data does not decompress to ${block.uncompressedSize} bytes`,
    );
  }
  return output;
}

function decompress(block: BlockHeader, stored: Buffer): Buffer | null {
  const outputSize = block.uncompressedSize;
  switch (block.compression) {
    case Compression.None:
      return stored;
    case Compression.Deflate:
      return inflate(stored, block.uncompressedSize);
    case Compression.Heatshrink11:
      return decodeHeatshrink(stored, { ...HEATSHRINK, windowBits: 11, outputSize });
    case Compression.Heatshrink12:
      return decodeHeatshrink(stored, { ...HEATSHRINK, windowBits: 12, outputSize });
  }
}

/** zlib-wrapped Deflate; output past the declared size stops inflation instead of growing. */
function inflate(stored: Buffer, expectedSize: number): Buffer | null {
  try {
    return inflateSync(stored, { maxOutputLength: Math.max(1, expectedSize) });
  } catch {
    return null;
  }
}
