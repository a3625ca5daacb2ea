import type { ByteSource } from '../byte-source.js';
import { GcodeParseError } from '../gcode-parse-error.js';
import type { ZipLimits } from './zip-limits.js';

/** One file of the archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; others are refused when read. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_BYTES = 22;
/** The archive comment is at most 65,535 bytes, so the end record lies within this tail. */
const EOCD_SEARCH_BYTES = EOCD_BYTES + 0xffff;
/** ZIP64 marks sizes and offsets with all ones; no sliced plate needs it, so it is refused. */
const ZIP64_MARK = 0xffffffff;

const notZip = (why: string) => new GcodeParseError('zip_bad_archive', why);
const overLimit = (why: string) => new GcodeParseError('limit_exceeded', why);

/** Reads the central directory within the limits; never inflates anything. */
export async function readZipDirectory(source: ByteSource, limits: ZipLimits): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, source.size - EOCD_SEARCH_BYTES);
  const tail = await source.read(tailStart, source.size - tailStart);
  let end = -1;
  for (let at = tail.length - EOCD_BYTES; at >= 0; at--) {
    if (tail.readUInt32LE(at) === EOCD_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notZip('no end of central directory record');
  const count = tail.readUInt16LE(end + 10);
  const directoryBytes = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directoryBytes === ZIP64_MARK || directoryOffset === ZIP64_MARK) {
    throw overLimit('ZIP64 archives are not read');
  }
  if (count > limits.maxEntries) throw overLimit(`${count} entries in the archive`);
  if (directoryBytes > limits.maxDirectoryBytes) {
    throw overLimit(`a central directory of ${directoryBytes} bytes`);
  }
  if (directoryOffset + directoryBytes > tailStart + end) throw notZip('directory out of bounds');
  const directory = await source.read(directoryOffset, directoryBytes);
  return parseEntries(directory, count, source.size);
}

function parseEntries(directory: Buffer, count: number, archiveSize: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw notZip('a central directory entry is broken');
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.compressedSize === ZIP64_MARK || entry.localHeaderOffset === ZIP64_MARK) {
      throw overLimit('ZIP64 entries are not read');
    }
    if (entry.localHeaderOffset + entry.compressedSize > archiveSize) {
      throw notZip(`entry ${entry.name} lies past the end of the archive`);
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
