import { parseBgcode } from './bgcode/parse-bgcode.js';
import { BGCODE_MAGIC } from './bgcode/bgcode-format.js';
import { createBufferSource, withFileSource, type ByteSource } from './byte-source.js';
import type { GcodeMetadata, ReadGcodeOptions } from './gcode-metadata.types.js';
import { GcodeParseError } from './gcode-parse-error.js';
import { resolveOptions } from './limits.js';
import { parseTextGcode } from './text/parse-text-gcode.js';
import { parse3mf, type ThreeMfMetadata } from './zip/read-3mf-metadata.js';
import { DEFAULT_ZIP_LIMITS } from './zip/zip-limits.js';

/**
 * Reads a print file's metadata and thumbnails from disk without reading the file whole. The
 * format is judged by its first bytes, not its name: a `.gcode` that starts with `GCDE` is
 * binary. Rejects only with `GcodeParseError`.
 */
export function readGcodeMetadata(
  path: string,
  options?: ReadGcodeOptions,
): Promise<GcodeMetadata> {
  return withFileSource(path, (source) => parseSource(source, options));
}

/** The same, for bytes already in memory (tests, small uploads). */
export function parseGcodeMetadata(
  bytes: Uint8Array,
  options?: ReadGcodeOptions,
): Promise<GcodeMetadata> {
  return parseSource(createBufferSource(bytes), options);
}

async function parseSource(source: ByteSource, options?: ReadGcodeOptions): Promise<GcodeMetadata> {
  const resolved = resolveOptions(options);
  try {
    const magic = await source.read(0, BGCODE_MAGIC.length);
    return magic.toString('latin1') === BGCODE_MAGIC
      ? await parseBgcode(source, resolved)
      : await parseTextGcode(source, resolved);
  } catch (error) {
    if (error instanceof GcodeParseError) throw error;
    // Only a bug can get here; it still leaves as this package's error so callers handle one
    // type, with the original kept as the cause.
    throw new GcodeParseError('internal_error', 'unexpected failure while reading metadata', {
      cause: error,
    });
  }
}

/**
 * Reads a sliced `.gcode.3mf`: its plates, and the first plate's metadata and preview, inflating
 * no more than the zip limits allow. Rejects only with `GcodeParseError`.
 */
export function read3mfMetadata(
  path: string,
  options?: ReadGcodeOptions,
): Promise<ThreeMfMetadata> {
  return withFileSource(path, (source) => parse3mfSource(source, options));
}

/** The same, for bytes already in memory (tests). */
export function parse3mfMetadata(
  bytes: Uint8Array,
  options?: ReadGcodeOptions,
): Promise<ThreeMfMetadata> {
  return parse3mfSource(createBufferSource(bytes), options);
}

async function parse3mfSource(
  source: ByteSource,
  options?: ReadGcodeOptions,
): Promise<ThreeMfMetadata> {
  try {
    return await parse3mf(source, resolveOptions(options), {
      ...DEFAULT_ZIP_LIMITS,
      ...options?.zipLimits,
    });
  } catch (error) {
    if (error instanceof GcodeParseError) throw error;
    throw new GcodeParseError('internal_error', 'unexpected failure while reading a 3MF', {
      cause: error,
    });
  }
}
