/** Prusa binary G-code, spec version 1 (reference §6). All integers are little-endian. */
export const BGCODE_MAGIC = 'GCDE';
export const BGCODE_VERSION = 1;
export const FILE_HEADER_SIZE = 10;

export const BlockType = {
  FileMetadata: 0,
  Gcode: 1,
  SlicerMetadata: 2,
  PrinterMetadata: 3,
  PrintMetadata: 4,
  Thumbnail: 5,
} as const;
export type BlockType = (typeof BlockType)[keyof typeof BlockType];

export const Compression = { None: 0, Deflate: 1, Heatshrink11: 2, Heatshrink12: 3 } as const;
export type Compression = (typeof Compression)[keyof typeof Compression];

export const ChecksumType = { None: 0, Crc32: 1 } as const;
export type ChecksumType = (typeof ChecksumType)[keyof typeof ChecksumType];

/** Metadata blocks: 0 INI, 1 JSON (libbgcode's "Slicer3" block, Dec 2025). */
export const MetadataEncoding = { Ini: 0, Json: 1 } as const;
/** G-code blocks: 0 plain text, 1 MeatPack, 2 MeatPack keeping comment lines. */
export const GcodeEncoding = { Plain: 0, MeatPack: 1, MeatPackComments: 2 } as const;

export const ThumbnailFormat = { Png: 0, Jpg: 1, Qoi: 2 } as const;

export const BLOCK_TYPE_COUNT = 6;
export const COMPRESSION_COUNT = 4;
export const CHECKSUM_SIZE = 4;

export function getParamsSize(type: BlockType): number {
  return type === BlockType.Thumbnail ? 6 : 2;
}
