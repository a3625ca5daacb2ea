const MiB = 1024 * 1024;

/** Bounds on what one zip archive (a `.gcode.3mf`) may cost to open, whatever it claims. */
export interface ZipLimits {
  /** Entries in the central directory at most. */
  maxEntries: number;
  /** The central directory's bytes at most. */
  maxDirectoryBytes: number;
  /** Inflated bytes of one entry at most, counted as they come out, not as declared. */
  maxEntryBytes: number;
  /** Inflated bytes of all entries read from one archive at most. */
  maxTotalBytes: number;
}

/** A sliced plate of a 200 MB upload inflates to well under 512 MiB; a zip bomb does not. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 4096,
  maxDirectoryBytes: 4 * MiB,
  maxEntryBytes: 512 * MiB,
  maxTotalBytes: 1024 * MiB,
};
