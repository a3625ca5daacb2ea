/**
 * Stable codes for everything that can go wrong while reading a print file. Callers (the upload
 * service) map them to user messages; the message text is for logs only.
 */
export const GCODE_ERROR_CODES = [
  /** The file could not be opened or read (missing, permissions, I/O). */
  'read_failed',
  /** A .bgcode file header is wrong: magic, version or checksum type. */
  'bgcode_bad_header',
  /** A block header holds an unknown type, compression or encoding. */
  'bgcode_bad_block',
  /** A block claims more bytes than the file has left. */
  'bgcode_truncated',
  /** The block chain does not end exactly at the end of the file. */
  'bgcode_trailing_data',
  /** A block's stored CRC32 does not match its bytes. */
  'bgcode_checksum_mismatch',
  /** Deflate or heatshrink data is invalid or does not give the declared size. */
  'bgcode_decompress_failed',
  /** A `.gcode.3mf` is not a zip this reader takes: broken directory, method, no plate. */
  'zip_bad_archive',
  /** A size or count is over the limits this reader allows. */
  'limit_exceeded',
  /** A bug in this package, not a property of the file; the original error is the cause. */
  'internal_error',
] as const;
export type GcodeErrorCode = (typeof GCODE_ERROR_CODES)[number];

/** The only error type this package throws for bad input or unreadable files. */
export class GcodeParseError extends Error {
  override readonly name = 'GcodeParseError';

  constructor(
    readonly code: GcodeErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
