import { open, type FileHandle } from 'node:fs/promises';
import { GcodeParseError } from './gcode-parse-error.js';

/**
 * Positioned reads over a file or a buffer, so the readers never hold a whole 200 MB upload and
 * tests can run the very same code on bytes built in memory.
 */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes at `position`; fewer only where the source ends. */
  read(position: number, length: number): Promise<Buffer>;
}

export function createBufferSource(bytes: Uint8Array): ByteSource {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    size: buffer.length,
    read: async (position, length) => buffer.subarray(position, position + length),
  };
}

/** Opens `path` for the duration of `use` and always closes it. */
export async function withFileSource<T>(
  path: string,
  use: (source: ByteSource) => Promise<T>,
): Promise<T> {
  const failed = (error: unknown) => toReadError(error, path);
  const handle = await open(path, 'r').catch((error: unknown) => Promise.reject(failed(error)));
  try {
    const { size } = await handle.stat().catch((error: unknown) => Promise.reject(failed(error)));
    return await use({
      size,
      read: (position, length) =>
        readAt(handle, position, length).catch((error: unknown) => Promise.reject(failed(error))),
    });
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  // A positioned read may return fewer bytes than asked even before the end of the file.
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === length ? buffer : buffer.subarray(0, filled);
}

function toReadError(error: unknown, path: string): GcodeParseError {
  const reason = error instanceof Error ? error.message : String(error);
  return new GcodeParseError('read_failed', `cannot read ${path}: ${reason}`, { cause: error });
}

/**
 * Serves small reads from a window read ahead of them, so walking thousands of block headers
 * costs one read per window rather than one per header.
 */
export function createReadAheadSource(source: ByteSource, windowBytes: number): ByteSource {
  let windowStart = 0;
  let window: Buffer = Buffer.alloc(0);
  return {
    size: source.size,
    async read(position, length) {
      const offset = position - windowStart;
      if (offset >= 0 && offset + length <= window.length) {
        return window.subarray(offset, offset + length);
      }
      if (length > windowBytes) return source.read(position, length);
      window = await source.read(position, windowBytes);
      windowStart = position;
      return window.subarray(0, length);
    },
  };
}
