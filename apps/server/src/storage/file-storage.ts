import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWorkDirRegistry } from './work-dirs.js';

/** A received upload in the temp area: not visible anywhere until published. */
export interface TempFile {
  path: string;
  size: number;
  sha256: string;
}

/** The upload had more bytes than allowed; the partial temp file is already gone. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

/** Keys are built by the server from ids only: `<area>/<workspace id>/<random id>[.ext]`. */
const KEY_PATTERN =
  /^(files|previews|avatars|videos|frames)\/[1-9][0-9]*\/[0-9a-f-]{36}(\.(png|jpg|mp4))?$/;

export type StorageArea = 'files' | 'previews' | 'avatars' | 'videos' | 'frames';
export type StorageExtension = 'png' | 'jpg' | 'mp4';

/** Counts, hashes and caps the bytes that flow through it. */
class MeterStream extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new StorageLimitError(this.maxBytes));
    this.hash.update(chunk);
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

const ignoreMissing = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
};

/**
 * The file store in the data directory (checklist C30, C32): uploads stream into `tmp/`
 * under a random name, are synced, then renamed into place on the same filesystem; paths
 * come from server-made keys only and are checked to stay under the root.
 */
export function createFileStorage(dataDir: string) {
  const root = path.resolve(dataDir);
  const tmpDir = path.join(root, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const workDirs = createWorkDirRegistry(tmpDir);

  function resolveKey(key: string): string {
    const resolved = path.resolve(root, key);
    if (!KEY_PATTERN.test(key) || !resolved.startsWith(root + path.sep)) {
      throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    }
    return resolved;
  }

  async function syncPath(target: string, flags = 'r'): Promise<void> {
    const handle = await open(target, flags);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Moves a finished temp file to its key: synced first, so a crash never leaves half a file. */
  async function moveIntoPlace(source: string, key: string): Promise<void> {
    const target = resolveKey(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(source, target);
    await syncPath(path.dirname(target));
  }

  return {
    newKey(area: StorageArea, workspaceId: number, extension?: StorageExtension): string {
      return `${area}/${workspaceId}/${randomUUID()}${extension ? `.${extension}` : ''}`;
    },

    /** Streams `source` into a new temp file (synced on close); a failure removes the partial file. */
    async receive(source: Readable, maxBytes: number): Promise<TempFile> {
      const tempPath = path.join(tmpDir, `${randomUUID()}.upload`);
      const meter = new MeterStream(maxBytes);
      try {
        await pipeline(
          source,
          meter,
          createWriteStream(tempPath, { flags: 'wx', flush: true, highWaterMark: 1024 * 1024 }),
        );
        return { path: tempPath, size: meter.size, sha256: meter.digest() };
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
    },

    async readSample(temp: TempFile, position: number, bytes: number): Promise<Buffer> {
      const handle = await open(temp.path, 'r');
      try {
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, position);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    publish: (temp: TempFile, key: string) => moveIntoPlace(temp.path, key),

    /**
     * A fresh folder in the temp area for work such as an encode. The temp sweep leaves it
     * alone however long the work takes, until the caller hands it to `removeWorkDir`.
     */
    makeWorkDir: () => workDirs.make(),

    removeWorkDir: (dir: string) => workDirs.remove(dir),

    /** Moves a finished file made in a work folder to its key (synced first). */
    async publishPath(source: string, key: string): Promise<void> {
      await syncPath(source);
      await moveIntoPlace(source, key);
    },

    /** Where a stored object lies, for a program (ffmpeg) that reads it by path. */
    pathOf: (key: string) => resolveKey(key),

    /** Small objects (previews): written to a temp file, then moved like an upload. */
    async writeObject(key: string, data: Buffer): Promise<void> {
      const tempPath = path.join(tmpDir, `${randomUUID()}.object`);
      try {
        const handle = await open(tempPath, 'wx');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await moveIntoPlace(tempPath, key);
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
    },

    discard: (temp: TempFile) => rm(temp.path, { force: true }),

    async remove(keys: string[]): Promise<void> {
      await Promise.all(keys.map((key) => rm(resolveKey(key), { force: true })));
    },

    /** The bytes of a stored object, or null when it is missing. */
    async openRead(key: string): Promise<{ stream: ReadStream; size: number } | null> {
      const file = resolveKey(key);
      const info = await stat(file).catch((error: unknown) => ignoreMissing(error));
      if (!info) return null;
      return { stream: createReadStream(file), size: info.size };
    },

    /** Every stored object of an area with when it was last written (for the orphan sweep). */
    async listObjects(area: StorageArea): Promise<Array<{ key: string; mtimeMs: number }>> {
      const objects: Array<{ key: string; mtimeMs: number }> = [];
      const areaDir = path.join(root, area);
      const folders = await readdir(areaDir).catch((error: unknown) => ignoreMissing(error));
      for (const folder of folders ?? []) {
        const names = await readdir(path.join(areaDir, folder)).catch(() => []);
        for (const name of names) {
          const key = `${area}/${folder}/${name}`;
          if (!KEY_PATTERN.test(key)) continue;
          const info = await stat(resolveKey(key)).catch((error: unknown) => ignoreMissing(error));
          if (info?.isFile()) objects.push({ key, mtimeMs: info.mtimeMs });
        }
      }
      return objects;
    },

    /**
     * Removes temp files nobody has written to for `maxAgeMs`. A live upload writes at least
     * once per idle timeout and a work folder in use is touched every minute, so several
     * servers sharing the volume never sweep each other's.
     */
    async sweepStaleTemp(maxAgeMs: number, nowMs: number): Promise<number> {
      let removed = 0;
      for (const name of await readdir(tmpDir)) {
        if (workDirs.isInUse(name)) continue;
        const entry = path.join(tmpDir, name);
        const info = await stat(entry).catch((error: unknown) => ignoreMissing(error));
        if (info && nowMs - info.mtimeMs > maxAgeMs) {
          await rm(entry, { recursive: true, force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

export type FileStorage = ReturnType<typeof createFileStorage>;
