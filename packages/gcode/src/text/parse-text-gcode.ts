import type { ByteSource } from '../byte-source.js';
import { buildMetadata } from '../fields/build-metadata.js';
import { mergeFields, type FieldReader } from '../fields/raw-fields.js';
import type { GcodeMetadata } from '../gcode-metadata.types.js';
import { toSortedThumbnails } from '../image/thumbnail.js';
import type { ResolvedOptions } from '../limits.js';
import { createCuraReader } from './cura.reader.js';
import { createFallbackReader } from './fallback.reader.js';
import { identifySlicer, type SlicerFamily } from './identify-slicer.js';
import { createIdeamakerReader } from './ideamaker.reader.js';
import { createOtherSlicersReader } from './other-slicers.reader.js';
import { createSimplify3dReader } from './simplify3d.reader.js';
import { createSlic3rReader } from './slic3r-family.reader.js';
import { collectTextImages } from './text-thumbnails.js';
import { readTextWindows } from './text-windows.js';

const READERS: Record<SlicerFamily, (() => FieldReader) | null> = {
  slic3r: createSlic3rReader,
  cura: createCuraReader,
  simplify3d: createSimplify3dReader,
  ideamaker: createIdeamakerReader,
  kisslicer: createOtherSlicersReader,
  icesl: createOtherSlicersReader,
  kirimoto: createOtherSlicersReader,
  unknown: null,
};

/** Metadata lines are short; longer ones (embedded start G-code) are skipped unread. */
const MAX_LINE_LENGTH = 4096;

export async function parseTextGcode(
  source: ByteSource,
  options: ResolvedOptions,
): Promise<GcodeMetadata> {
  const windows = await readTextWindows(source, options.limits);
  const identity = identifySlicer(windows);
  const slicerReader = READERS[identity.family]?.();
  const fallbackReader = createFallbackReader();
  for (const lines of [windows.head, windows.tail]) {
    for (const line of lines) {
      if (line.length > MAX_LINE_LENGTH) continue;
      slicerReader?.readLine(line);
      fallbackReader.readLine(line);
    }
  }
  const images = collectTextImages([windows.head, windows.tail], options.limits);
  return buildMetadata({
    format: 'gcode',
    slicer: identity,
    fields: mergeFields(slicerReader?.finish() ?? {}, fallbackReader.finish()),
    thumbnails: toSortedThumbnails(images, options.limits),
  });
}
