import { createInflateRaw } from 'node:zlib';
import type { ByteSource } from '../byte-source.js';
import { GcodeParseError } from '../gcode-parse-error.js';
import type { ZipEntry } from './zip-directory.js';

const LOCAL_SIGNATURE = 0x04034b50;
const CHUNK_BYTES = 1024 * 1024;

/**
 * Streams one entry's inflated bytes to `onChunk`, counting what really comes out: a zip bomb
 * declares small sizes and inflates 1,000 to 1; here it stops at `maxBytes` with
 * `limit_exceeded`. Answers the inflated size.
 */
export async function inflateZipEntry(
  source: ByteSource,
  entry: ZipEntry,
  maxBytes: number,
  onChunk: (chunk: Buffer) => void,
): Promise<number> {
  const local = await source.read(entry.localHeaderOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    throw new GcodeParseError('zip_bad_archive', `entry ${entry.name} has no local header`);
  }
  const dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > source.size) {
    throw new GcodeParseError('zip_bad_archive', `entry ${entry.name} is truncated`);
  }
  if (entry.method === 0) return copyStored(source, dataStart, dataEnd, maxBytes, onChunk);
  if (entry.method !== 8) {
    throw new GcodeParseError('zip_bad_archive', `entry ${entry.name} uses method ${entry.method}`);
  }
  return inflate(source, dataStart, dataEnd, maxBytes, onChunk);
}

async function copyStored(
  source: ByteSource,
  start: number,
  end: number,
  maxBytes: number,
  onChunk: (chunk: Buffer) => void,
): Promise<number> {
  if (end - start > maxBytes) throw tooBig(maxBytes);
  for (let at = start; at < end; at += CHUNK_BYTES) {
    onChunk(await source.read(at, Math.min(CHUNK_BYTES, end - at)));
  }
  return end - start;
}

function inflate(
  source: ByteSource,
  start: number,
  end: number,
  maxBytes: number,
  onChunk: (chunk: Buffer) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let total = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      inflater.destroy();
      reject(error);
    };
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) fail(tooBig(maxBytes));
      else if (!failed) onChunk(chunk);
    });
    inflater.on('error', (error) =>
      fail(new GcodeParseError('zip_bad_archive', 'an entry cannot be inflated', { cause: error })),
    );
    inflater.on('end', () => {
      if (!failed) resolve(total);
    });
    void (async () => {
      for (let at = start; at < end && !failed; at += CHUNK_BYTES) {
        const chunk = await source.read(at, Math.min(CHUNK_BYTES, end - at));
        // wait for the inflater to take it, so a bomb never sits in memory ahead of the count
        if (!inflater.write(chunk)) await new Promise((drained) => inflater.once('drain', drained));
      }
      if (!failed) inflater.end();
    })().catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
  });
}

const tooBig = (maxBytes: number) =>
  new GcodeParseError('limit_exceeded', `an entry inflates to more than ${maxBytes} bytes`);
