import type { ZipLimits } from './zip/zip-limits.js';

/**
 * The product's filament types (spec part 2, §3). The same list as `FILAMENT_TYPES` in
 * @printdeck/shared, repeated here so this package stays free of dependencies.
 */
export const FILAMENT_TYPES = [
  'PLA',
  'PETG',
  'ASA',
  'ABS',
  'PC',
  'FLEX',
  'HIPS',
  'PP',
  'OTHER',
] as const;
export type FilamentType = (typeof FILAMENT_TYPES)[number];

export interface GcodeThumbnail {
  /** Taken from the image itself, not from what the G-code comment claims. */
  width: number;
  height: number;
  /** QOI previews are converted to PNG, so browsers can show every thumbnail. */
  format: 'png' | 'jpg';
  data: Buffer;
}

/**
 * What a print file says about itself. Every value is the slicer's own estimate or setting;
 * `null` when the file does not say and it cannot be computed.
 */
export interface GcodeMetadata {
  format: 'gcode' | 'bgcode';
  /** Slicer name as written in the file (`PrusaSlicer`, `OrcaSlicer`, `Cura_SteamEngine` …). */
  slicer: string | null;
  slicer_version: string | null;
  printing_time_sec: number | null;
  layer_height_mm: number | null;
  filament_used_mm: number | null;
  filament_used_g: number | null;
  /** `computed` when grams come from length × cross-section × density, not from the slicer. */
  filament_used_g_source: 'slicer' | 'computed' | null;
  /**
   * Grams per extruder (tool 0 first), from the slicer's own per-extruder figures or computed
   * like the total; `null` when the file gives no per-extruder figure.
   */
  filament_used_g_per_tool: number[] | null;
  nozzle_diameter_mm: number | null;
  /** The first used filament, mapped to the product's list; unknown materials are `OTHER`. */
  filament_type: FilamentType | null;
  /** The slicer's own spelling of the used filaments (`PLA-CF`, `PETG;PLA`), length-capped. */
  filament_type_raw: string | null;
  /** Largest first. */
  thumbnails: GcodeThumbnail[];
}

/** Bounds on the work and memory spent on one file; the defaults suit uploads up to 200 MB. */
export interface GcodeReadLimits {
  /** Text: the head window is read up to here, longer only inside an open block. */
  headSoftBytes: number;
  /** Text: the head window never grows past this. */
  headHardBytes: number;
  /** Text: bytes read from the end of the file. */
  tailBytes: number;
  /** Text: the tail may grow to this when a config block's begin marker is missing. */
  tailMaxBytes: number;
  maxThumbnails: number;
  /** Per image, as stored (decoded base64 or bgcode block data). */
  maxThumbnailBytes: number;
  /** Per QOI image, width × height, to bound the RGBA buffer before PNG encoding. */
  maxThumbnailPixels: number;
  /**
   * Per file, the QOI pixels decoded and re-encoded in all. Decoding is the costly part (PNG and
   * JPEG are kept as they are); images past this budget are skipped, the file is still read.
   */
  maxThumbnailPixelsPerFile: number;
  /** Per file, milliseconds spent converting thumbnails; later images are skipped. */
  thumbnailTimeBudgetMs: number;
  /** bgcode: the largest metadata block, compressed or not. */
  maxMetadataBytes: number;
  /** bgcode: the most blocks before the first G-code block. */
  maxHeaderBlocks: number;
}

export interface ReadGcodeOptions {
  limits?: Partial<GcodeReadLimits>;
  /** `.gcode.3mf`: what opening the zip may cost (zip/zip-limits.ts). */
  zipLimits?: Partial<ZipLimits>;
  /** bgcode: check each block's CRC32 when the file carries them. Default true. */
  verifyChecksums?: boolean;
  /**
   * bgcode: walk the G-code block headers (not their data) to prove the chain ends exactly at
   * the end of the file, which catches truncated uploads. Default true.
   */
  verifyBlockChain?: boolean;
}
