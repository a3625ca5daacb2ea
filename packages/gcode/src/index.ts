export { readGcodeMetadata, parseGcodeMetadata } from './read-gcode-metadata.js';
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
