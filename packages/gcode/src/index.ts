export {
  readGcodeMetadata,
  parseGcodeMetadata,
  read3mfMetadata,
  parse3mfMetadata,
} from './read-gcode-metadata.js';
export type { ThreeMfMetadata } from './zip/read-3mf-metadata.js';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip/zip-limits.js';
export { GcodeParseError, GCODE_ERROR_CODES, type GcodeErrorCode } from './gcode-parse-error.js';
export {
  FILAMENT_TYPES,
  type FilamentType,
  type GcodeMetadata,
  type GcodeReadLimits,
  type GcodeThumbnail,
  type ReadGcodeOptions,
} from './gcode-metadata.types.js';
export { DEFAULT_LIMITS } from './limits.js';
export { encodePng, encodePngAsync } from './image/png.js';
export type { RasterImage } from './image/qoi.js';
export {
  createMetadataPool,
  type MetadataPool,
  type MetadataPoolOptions,
} from './worker/metadata-pool.js';
