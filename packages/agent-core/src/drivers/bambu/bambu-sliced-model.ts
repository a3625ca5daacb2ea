import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { findBambuModelName } from '@printdeck/shared';
import { CommandFailed } from '../driver.js';

const inflate = promisify(inflateRaw);

/** slice_info.config is a few kB; anything past this is not read */
const MAX_CONFIG_BYTES = 1024 * 1024;
/** the end-of-central-directory record sits in the last 22 bytes + a comment of up to 64 KiB */
const TAIL_BYTES = 22 + 0xffff;

/**
 * `printer_model_id` of a `.gcode.3mf` (reference §2.3), read from the zip's directory and the
 * one small entry, never the whole file; null when the file does not say (or is not a plain zip).
 */
export async function readSlicedPrinterModel(diskPath: string): Promise<string | null> {
  const file = await open(diskPath, 'r');
  try {
    const { size } = await file.stat();
    const tailStart = Math.max(0, size - TAIL_BYTES);
    const tail = Buffer.alloc(size - tailStart);
    await file.read(tail, 0, tail.length, tailStart);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0 || end + 22 > tail.length) return null;
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) return null;
    const directory = Buffer.alloc(directorySize);
    await file.read(directory, 0, directorySize, directoryOffset);
    const entry = findEntry(directory, 'Metadata/slice_info.config');
    if (!entry || entry.compressedSize > MAX_CONFIG_BYTES) return null;
    const header = Buffer.alloc(30);
    await file.read(header, 0, 30, entry.localOffset);
    if (header.readUInt32LE(0) !== 0x04034b50) return null;
    const dataStart = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const stored = Buffer.alloc(entry.compressedSize);
    await file.read(stored, 0, stored.length, dataStart);
    let text: string;
    if (entry.method === 0) text = stored.toString('utf8');
    else if (entry.method === 8) {
      text = (await inflate(stored, { maxOutputLength: MAX_CONFIG_BYTES })).toString('utf8');
    } else return null;
    return /<metadata\s+key="printer_model_id"\s+value="([^"]{1,32})"/.exec(text)?.[1] ?? null;
  } catch {
    // an unreadable zip is the slicer's business; the printer says so when it tries
    return null;
  } finally {
    await file.close();
  }
}

function findEntry(directory: Buffer, name: string) {
  let at = 0;
  while (at + 46 <= directory.length && directory.readUInt32LE(at) === 0x02014b50) {
    const nameLength = directory.readUInt16LE(at + 28);
    const next =
      at + 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    if (directory.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      return {
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        localOffset: directory.readUInt32LE(at + 42),
      };
    }
    at = next;
  }
  return null;
}

/**
 * Refuses a `.gcode.3mf` sliced for another Bambu model before anything is sent: its G-code
 * moves, heats and purges for that machine (BambuStudio checks the same before it sends).
 * Unknown on either side (old firmware without `product_name`, a code not in the table): sent.
 */
export function assertSlicedFor(
  fileName: string,
  modelId: string | null,
  productName: string | null,
): void {
  const slicedFor = findBambuModelName(modelId);
  if (!slicedFor || !productName || slicedFor === productName) return;
  throw new CommandFailed(
    'not-operational',
    `${fileName} was sliced for a ${slicedFor} (${modelId}); this printer is a ${productName}. ` +
      'Slice it again for this printer.',
  );
}

/** `info.get_version`'s reply → the printer's `product_name` (newer firmware; reference §1.14). */
export function productNameOf(reply: unknown): string | null {
  const modules = (reply as { module?: unknown } | null)?.module;
  if (!Array.isArray(modules)) return null;
  for (const module of modules) {
    const name = (module as { product_name?: unknown }).product_name;
    if (typeof name === 'string' && name.trim()) return name.trim().slice(0, 64);
  }
  return null;
}
