import type { GcodeErrorCode } from '@printdeck/gcode';

/** A zip's first bytes (a local file header): a 3MF, read as a sliced `.gcode.3mf`. */
export const isZip = (head: Buffer) => head.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004';

/** The binary format's first bytes; such files are checked by their block CRCs instead. */
export const isBgcode = (head: Buffer) => head.subarray(0, 4).toString('latin1') === 'GCDE';

const MAX_SUSPICIOUS_RATIO = 0.05;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const SUSPICIOUS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f\ufffd]/g;

/**
 * The noise rule for text G-code: a sample is text when it has no NUL byte and at most 5 % of
 * its characters are control characters (other than tab, line breaks and form feed) or bytes
 * that are not UTF-8. Slicers write ASCII; random bytes score about 60 %.
 */
export function looksLikeText(sample: Buffer): boolean {
  if (sample.length === 0) return true;
  if (sample.includes(0)) return false;
  const text = new TextDecoder('utf-8').decode(sample);
  const suspicious = text.match(SUSPICIOUS)?.length ?? 0;
  return suspicious <= text.length * MAX_SUSPICIOUS_RATIO;
}

const BGCODE_PROBLEMS: Partial<Record<GcodeErrorCode, string>> = {
  bgcode_bad_header: 'The .bgcode file header is not valid.',
  bgcode_bad_block: 'A .bgcode block header is not valid.',
  bgcode_truncated: 'The .bgcode file is truncated: a block ends after the end of the file.',
  bgcode_trailing_data: 'The .bgcode file has bytes after its last block.',
  bgcode_checksum_mismatch: 'A .bgcode block does not match its CRC32 checksum.',
  bgcode_decompress_failed: 'A .bgcode block cannot be decompressed.',
  zip_bad_archive:
    'The .gcode.3mf file is not a sliced 3MF archive (slice it and export the plate as .gcode.3mf), or its zip is broken.',
  limit_exceeded: 'The file holds more metadata or previews than allowed.',
};

/** The user's reason for a file the reader refused, or undefined when the fault is ours. */
export const describeGcodeProblem = (code: GcodeErrorCode): string | undefined =>
  BGCODE_PROBLEMS[code];
