import { crc32 } from 'node:zlib';
import type { ByteSource } from '../byte-source.js';
import { GcodeParseError } from '../gcode-parse-error.js';
import type { ResolvedOptions } from '../limits.js';
import {
  BGCODE_MAGIC,
  BGCODE_VERSION,
  BLOCK_TYPE_COUNT,
  BlockType,
  CHECKSUM_SIZE,
  COMPRESSION_COUNT,
  ChecksumType,
  Compression,
  FILE_HEADER_SIZE,
  GcodeEncoding,
  MetadataEncoding,
  getParamsSize,
} from './bgcode-format.js';

export interface BgcodeFileHeader {
  version: number;
  checksumType: ChecksumType;
}

/** What every block read needs: the bytes, the file's checksum type and the caller's options. */
export interface BgcodeContext {
  source: ByteSource;
  checksumType: ChecksumType;
  options: ResolvedOptions;
}

/** A block as its header describes it; nothing of its data has been read yet. */
export interface BlockHeader {
  offset: number;
  type: BlockType;
  compression: Compression;
  uncompressedSize: number;
  /** Bytes on disk: the compressed size, or the uncompressed one when not compressed. */
  storedSize: number;
  headerSize: 8 | 12;
  params: Buffer;
  hasChecksum: boolean;
  /** Where the next block starts. */
  end: number;
}

export async function readFileHeader(source: ByteSource): Promise<BgcodeFileHeader> {
  const bytes = await source.read(0, FILE_HEADER_SIZE);
  if (bytes.length < FILE_HEADER_SIZE || bytes.toString('latin1', 0, 4) !== BGCODE_MAGIC) {
    throw new GcodeParseError('bgcode_bad_header', 'not a bgcode file header');
  }
  const version = bytes.readUInt32LE(4);
  const checksumType = bytes.readUInt16LE(8);
  if (version !== BGCODE_VERSION) {
    throw new GcodeParseError('bgcode_bad_header', `unsupported bgcode version ${version}`);
  }
  if (checksumType !== ChecksumType.None && checksumType !== ChecksumType.Crc32) {
    throw new GcodeParseError('bgcode_bad_header', `unknown checksum type ${checksumType}`);
  }
  return { version, checksumType };
}

/**
 * Reads and checks the header and parameters of the block at `offset`, and that the whole
 * block fits in the file, before anything is allocated for its data.
 */
export async function readBlockHeader(
  context: BgcodeContext,
  offset: number,
): Promise<BlockHeader> {
  const { source, checksumType } = context;
  const bytes = await source.read(offset, 12 + 6);
  if (bytes.length < 8) throw truncated(offset, 'block header');
  const type = bytes.readUInt16LE(0);
  const compression = bytes.readUInt16LE(2);
  if (type >= BLOCK_TYPE_COUNT || compression >= COMPRESSION_COUNT) {
    throw new GcodeParseError(
      'bgcode_bad_block',
      `block at ${offset}: unknown type ${type} or compression ${compression}`,
    );
  }
  const headerSize = compression === Compression.None ? 8 : 12;
  const paramsSize = getParamsSize(type as BlockType);
  if (bytes.length < headerSize + paramsSize) throw truncated(offset, 'block parameters');
  const uncompressedSize = bytes.readUInt32LE(4);
  const storedSize = headerSize === 8 ? uncompressedSize : bytes.readUInt32LE(8);
  const params = Buffer.from(bytes.subarray(headerSize, headerSize + paramsSize));
  checkEncoding(type as BlockType, params, offset);
  const hasChecksum = checksumType === ChecksumType.Crc32;
  const end = offset + headerSize + paramsSize + storedSize + (hasChecksum ? CHECKSUM_SIZE : 0);
  if (end > source.size) throw truncated(offset, 'block data');
  return {
    offset,
    type: type as BlockType,
    compression: compression as Compression,
    uncompressedSize,
    storedSize,
    headerSize,
    params,
    hasChecksum,
    end,
  };
}

function checkEncoding(type: BlockType, params: Buffer, offset: number): void {
  if (type === BlockType.Thumbnail) return;
  const encoding = params.readUInt16LE(0);
  const highest = type === BlockType.Gcode ? GcodeEncoding.MeatPackComments : MetadataEncoding.Json;
  if (encoding > highest) {
    throw new GcodeParseError(
      'bgcode_bad_block',
      `block at ${offset}: unknown encoding ${encoding}`,
    );
  }
}

/** Reads a block's data as stored, checking its CRC32 when the file carries one. */
export async function readBlockData(context: BgcodeContext, block: BlockHeader): Promise<Buffer> {
  const bytes = await context.source.read(block.offset, block.end - block.offset);
  if (bytes.length !== block.end - block.offset) throw truncated(block.offset, 'block data');
  const dataStart = block.headerSize + block.params.length;
  const dataEnd = dataStart + block.storedSize;
  if (context.options.verifyChecksums && block.hasChecksum) {
    // The CRC covers the header, parameters and data exactly as stored.
    if (crc32(bytes.subarray(0, dataEnd)) !== bytes.readUInt32LE(dataEnd)) {
      throw new GcodeParseError(
        'bgcode_checksum_mismatch',
        `block at ${block.offset}: CRC32 does not match`,
      );
    }
  }
  return bytes.subarray(dataStart, dataEnd);
}

function truncated(offset: number, what: string): GcodeParseError {
  return new GcodeParseError('bgcode_truncated', `block at ${offset}: ${what} runs past the end`);
}
