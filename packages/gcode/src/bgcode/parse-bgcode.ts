import type { ByteSource } from '../byte-source.js';
import { buildMetadata, type SlicerName } from '../fields/build-metadata.js';
import { mergeFields, type RawFields } from '../fields/raw-fields.js';
import type { GcodeMetadata } from '../gcode-metadata.types.js';
import { toSortedThumbnails } from '../image/thumbnail.js';
import type { ResolvedOptions } from '../limits.js';
import { applyKeys } from '../text/comment-fields.js';
import { createFallbackReader } from '../text/fallback.reader.js';
import { SLIC3R_KEYS } from '../text/slic3r-family.reader.js';
import type { BgcodeContext, BlockHeader } from './bgcode-blocks.js';
import { GcodeEncoding } from './bgcode-format.js';
import { decodeMeatpackGcode } from './meatpack.js';
import {
  checkBlockChain,
  isOverLimit,
  readDecompressed,
  readHeaderBlocks,
  type BgcodeHeaderBlocks,
} from './read-bgcode-blocks.js';

export async function parseBgcode(
  source: ByteSource,
  options: ResolvedOptions,
): Promise<GcodeMetadata> {
  const { context, blocks } = await readHeaderBlocks(source, options);
  if (options.verifyBlockChain && blocks.firstGcode) {
    await checkBlockChain(context, blocks.firstGcode);
  }
  let fields = readMetadataFields(blocks);
  if (blocks.firstGcode && (fields.timeSec === undefined || fields.layerHeightMm === undefined)) {
    fields = mergeFields(fields, await readFirstGcodeBlock(context, blocks.firstGcode));
  }
  return buildMetadata({
    format: 'bgcode',
    slicer: readProducer(blocks),
    fields,
    thumbnails: toSortedThumbnails(blocks.images, options.limits),
  });
}

/**
 * PrusaSlicer writes the same keys as in its text G-code. Time and filament come from the print
 * block; layer height and nozzle from the slicer config, because the printer block rounds them
 * to two significant digits (0.125 → 0.12); the filament type from the printer block, which is
 * what the firmware checks.
 */
function readMetadataFields(blocks: BgcodeHeaderBlocks): RawFields {
  const print = applyKeys(blocks.print, SLIC3R_KEYS);
  const slicer = applyKeys(blocks.slicer, SLIC3R_KEYS);
  const printer = applyKeys(blocks.printer, SLIC3R_KEYS);
  const fields = mergeFields(print, slicer, printer);
  const types = printer.types ?? slicer.types ?? print.types;
  return types ? { ...fields, types } : fields;
}

/** `Producer=PrusaSlicer 2.8.1`: the last word is the version. */
function readProducer(blocks: BgcodeHeaderBlocks): SlicerName {
  const producer = blocks.file.find(([key]) => key === 'Producer')?.[1].trim() ?? '';
  const at = producer.lastIndexOf(' ');
  if (producer === '') return { name: null, version: null };
  return at < 0
    ? { name: producer, version: null }
    : { name: producer.slice(0, at), version: producer.slice(at + 1) };
}

/** For files without a time in their metadata: `M73 P0 R…` and `;HEIGHT:` in the first block. */
async function readFirstGcodeBlock(context: BgcodeContext, block: BlockHeader): Promise<RawFields> {
  if (isOverLimit(context, block)) return {};
  const data = await readDecompressed(context, block);
  const encoding = block.params.readUInt16LE(0);
  const text = encoding === GcodeEncoding.Plain ? data.toString('utf8') : decodeMeatpackGcode(data);
  const reader = createFallbackReader();
  for (const line of text.split('\n')) reader.readLine(line.replace(/\r$/, ''));
  return reader.finish();
}
