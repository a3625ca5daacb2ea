import type { ByteSource } from '../byte-source.js';
import type { GcodeMetadata } from '../gcode-metadata.types.js';
import { GcodeParseError } from '../gcode-parse-error.js';
import { toSortedThumbnails } from '../image/thumbnail.js';
import type { ResolvedOptions } from '../limits.js';
import { parseTextGcode } from '../text/parse-text-gcode.js';
import {
  gramsPerFilament,
  readSliceInfo,
  type SliceInfo,
  type SlicedFilament,
} from './slice-info.js';
import { createWindowKeeper } from './windowed-source.js';
import { readZipDirectory, type ZipEntry } from './zip-directory.js';
import { inflateZipEntry } from './zip-entry-reader.js';
import type { ZipLimits } from './zip-limits.js';

/** What a sliced 3MF (`.gcode.3mf`, Bambu Studio / OrcaSlicer) says about itself. */
export interface ThreeMfMetadata extends Omit<GcodeMetadata, 'format'> {
  format: 'gcode.3mf';
  /** The plate numbers that carry G-code (`Metadata/plate_<N>.gcode`), in order. */
  plates: number[];
  /** the slicer's printer model code of the first plate (`slice_info.config`), e.g. `C12` */
  printer_model_id: string | null;
  /** the first plate's filaments with grams and metres each (`slice_info.config`) */
  filaments: SlicedFilament[];
}

/** slice_info.config is a few kB; a larger one is not read */
const MAX_SLICE_INFO_BYTES = 256 * 1024;

const PLATE_GCODE = /^Metadata\/plate_(\d{1,4})\.gcode$/;
/** Only what the metadata needs is inflated: one plate's G-code and its preview. */
const plateImage = (plate: number) => `Metadata/plate_${plate}.png`;

/**
 * Reads the first plate's G-code (its head and tail windows, as for a `.gcode`) and its preview
 * from a `.gcode.3mf` (reference bambu-prusalink-spoolman.md §2). Every byte inflated counts
 * against the zip limits, so a zip bomb ends in `limit_exceeded`, not in a full memory.
 */
export async function parse3mf(
  source: ByteSource,
  options: ResolvedOptions,
  zipLimits: ZipLimits,
): Promise<ThreeMfMetadata> {
  const entries = await readZipDirectory(source, zipLimits);
  const plates = entries
    .map((entry) => PLATE_GCODE.exec(entry.name)?.[1])
    .filter((plate): plate is string => plate !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const first = plates[0];
  if (first === undefined) {
    throw new GcodeParseError('zip_bad_archive', 'the 3MF holds no sliced plate');
  }
  let budget = zipLimits.maxTotalBytes;
  const inflate = async (entry: ZipEntry, maxBytes: number, onChunk: (chunk: Buffer) => void) => {
    budget -= await inflateZipEntry(source, entry, Math.min(maxBytes, budget), onChunk);
  };

  const keeper = createWindowKeeper(options.limits.headHardBytes, options.limits.tailMaxBytes + 1);
  await inflate(
    byName(entries, `Metadata/plate_${first}.gcode`)!,
    zipLimits.maxEntryBytes,
    keeper.take,
  );
  const plate = await parseTextGcode(keeper.source(), options);

  const images: Buffer[] = [];
  const image = byName(entries, plateImage(first));
  if (image && options.limits.maxThumbnails > 0) {
    const parts: Buffer[] = [];
    try {
      await inflate(image, options.limits.maxThumbnailBytes, (chunk) => parts.push(chunk));
      images.push(Buffer.concat(parts));
    } catch (error) {
      // an over-budget preview is skipped; the file is still read
      if (!(error instanceof GcodeParseError && error.code === 'limit_exceeded')) throw error;
    }
  }
  const thumbnails = [...plate.thumbnails, ...toSortedThumbnails(images, options.limits)];
  const info = await readPlateInfo(byName(entries, 'Metadata/slice_info.config'), first, inflate);
  return {
    ...plate,
    format: 'gcode.3mf',
    plates,
    thumbnails,
    printer_model_id: info?.printer_model_id ?? null,
    filaments: info?.filaments ?? [],
    // the slicer's own per-filament grams, when the plate's G-code header gave none per tool
    filament_used_g_per_tool:
      plate.filament_used_g_per_tool ?? gramsPerFilament(info?.filaments ?? []),
  };
}

async function readPlateInfo(
  entry: ZipEntry | undefined,
  plate: number,
  inflate: (entry: ZipEntry, maxBytes: number, onChunk: (chunk: Buffer) => void) => Promise<void>,
): Promise<SliceInfo | null> {
  if (!entry) return null;
  const parts: Buffer[] = [];
  try {
    await inflate(entry, MAX_SLICE_INFO_BYTES, (chunk) => parts.push(chunk));
  } catch (error) {
    // an oversized slice_info is skipped; the file is still read
    if (error instanceof GcodeParseError && error.code === 'limit_exceeded') return null;
    throw error;
  }
  return readSliceInfo(Buffer.concat(parts).toString('utf8'), plate);
}

const byName = (entries: ZipEntry[], name: string) => entries.find((entry) => entry.name === name);
