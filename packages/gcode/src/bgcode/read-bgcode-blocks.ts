import { createReadAheadSource, type ByteSource } from '../byte-source.js';
import { GcodeParseError } from '../gcode-parse-error.js';
import type { ResolvedOptions } from '../limits.js';
import {
  readBlockData,
  readBlockHeader,
  readFileHeader,
  type BgcodeContext,
  type BlockHeader,
} from './bgcode-blocks.js';
import { BlockType, FILE_HEADER_SIZE, MetadataEncoding } from './bgcode-format.js';
import { decompressBlock } from './decompress-block.js';
import { parseMetadata, type MetadataEntries } from './metadata-encoding.js';

/** Everything before the first G-code block, decoded. */
export interface BgcodeHeaderBlocks {
  file: MetadataEntries;
  printer: MetadataEntries;
  print: MetadataEntries;
  /** JSON slicer blocks first: when both exist, the newer one is preferred. */
  slicer: MetadataEntries;
  images: Buffer[];
  firstGcode: BlockHeader | null;
}

const METADATA_KEYS = {
  [BlockType.FileMetadata]: 'file',
  [BlockType.PrinterMetadata]: 'printer',
  [BlockType.PrintMetadata]: 'print',
  [BlockType.SlicerMetadata]: 'slicer',
} as const;

/**
 * Reads the blocks in file order up to the first G-code block: metadata and thumbnails come
 * first in every file a writer produces, so the G-code (nearly all of the file) is not read.
 */
export async function readHeaderBlocks(
  source: ByteSource,
  options: ResolvedOptions,
): Promise<{ context: BgcodeContext; blocks: BgcodeHeaderBlocks }> {
  const { checksumType } = await readFileHeader(source);
  const context: BgcodeContext = { source, checksumType, options };
  const blocks: BgcodeHeaderBlocks = {
    file: [],
    printer: [],
    print: [],
    slicer: [],
    images: [],
    firstGcode: null,
  };
  let offset = FILE_HEADER_SIZE;
  for (let count = 0; offset < source.size; count++) {
    if (count >= options.limits.maxHeaderBlocks) {
      throw new GcodeParseError('limit_exceeded', `more than ${count} blocks before the G-code`);
    }
    const block = await readBlockHeader(context, offset);
    if (block.type === BlockType.Gcode) {
      blocks.firstGcode = block;
      break;
    }
    if (block.type !== BlockType.Thumbnail) {
      addMetadata(blocks, { block, data: await readDecompressed(context, block) });
    } else if (
      blocks.images.length < options.limits.maxThumbnails &&
      !isOverLimit(context, block)
    ) {
      // Thumbnails over the limits are skipped unread: a big preview is no reason to refuse a file.
      blocks.images.push(await readDecompressed(context, block));
    }
    offset = block.end;
  }
  return { context, blocks };
}

function addMetadata(
  blocks: BgcodeHeaderBlocks,
  { block, data }: { block: BlockHeader; data: Buffer },
): void {
  const encoding = block.params.readUInt16LE(0);
  const entries = parseMetadata(data, encoding);
  const key = METADATA_KEYS[block.type as keyof typeof METADATA_KEYS];
  blocks[key] =
    encoding === MetadataEncoding.Json
      ? [...entries, ...blocks[key]]
      : [...blocks[key], ...entries];
}

/** Writers fill G-code blocks to 64 KiB; a much larger one is not worth decoding for a fallback. */
const MAX_GCODE_BLOCK_BYTES = 1024 * 1024;

function findSizeLimit(context: BgcodeContext, block: BlockHeader): number {
  const { limits } = context.options;
  if (block.type === BlockType.Thumbnail) return limits.maxThumbnailBytes;
  return block.type === BlockType.Gcode ? MAX_GCODE_BLOCK_BYTES : limits.maxMetadataBytes;
}

/** Both sizes are checked: the stored one sizes the read, the declared one the output. */
export function isOverLimit(context: BgcodeContext, block: BlockHeader): boolean {
  return Math.max(block.storedSize, block.uncompressedSize) > findSizeLimit(context, block);
}

export async function readDecompressed(
  context: BgcodeContext,
  block: BlockHeader,
): Promise<Buffer> {
  if (isOverLimit(context, block)) {
    const limit = findSizeLimit(context, block);
    throw new GcodeParseError('limit_exceeded', `block at ${block.offset} is over ${limit} bytes`);
  }
  return decompressBlock(block, await readBlockData(context, block));
}

/** Far above the ~3,000 blocks of a 200 MB file, low enough to bound a file of empty blocks. */
const MAX_CHAIN_BLOCKS = 1_000_000;
const READ_AHEAD_BYTES = 4096;

/**
 * Follows the remaining block headers (not their data) and checks that the last block ends
 * exactly at the end of the file: a cut upload fails here rather than at the printer.
 */
export async function checkBlockChain(context: BgcodeContext, first: BlockHeader): Promise<void> {
  const ahead = { ...context, source: createReadAheadSource(context.source, READ_AHEAD_BYTES) };
  let offset = first.end;
  for (let count = 0; offset < context.source.size; count++) {
    if (count >= MAX_CHAIN_BLOCKS) {
      throw new GcodeParseError('limit_exceeded', `more than ${MAX_CHAIN_BLOCKS} G-code blocks`);
    }
    offset = (await readBlockHeader(ahead, offset)).end;
  }
}
