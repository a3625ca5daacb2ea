import type { GcodeReadLimits, ReadGcodeOptions } from './gcode-metadata.types.js';

const MiB = 1024 * 1024;

/**
 * The text windows follow the reference's measurements: 1 MiB at each end covers every slicer's
 * stats and config; the head may stretch to 8 MiB only for large thumbnails and Bambu's
 * config block. Both windows together stay under ~10 MiB per file, whatever its size.
 */
export const DEFAULT_LIMITS: GcodeReadLimits = {
  headSoftBytes: 1 * MiB,
  headHardBytes: 8 * MiB,
  tailBytes: 1 * MiB,
  tailMaxBytes: 4 * MiB,
  maxThumbnails: 16,
  maxThumbnailBytes: 4 * MiB,
  maxThumbnailPixels: 2048 * 2048,
  // One largest preview's worth: 16 QOI previews of 2048 × 2048 took seconds of CPU (issue 23).
  maxThumbnailPixelsPerFile: 2048 * 2048,
  thumbnailTimeBudgetMs: 1_000,
  maxMetadataBytes: 16 * MiB,
  maxHeaderBlocks: 256,
};

export interface ResolvedOptions {
  limits: GcodeReadLimits;
  verifyChecksums: boolean;
  verifyBlockChain: boolean;
}

export function resolveOptions(options: ReadGcodeOptions = {}): ResolvedOptions {
  return {
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    verifyChecksums: options.verifyChecksums ?? true,
    verifyBlockChain: options.verifyBlockChain ?? true,
  };
}
