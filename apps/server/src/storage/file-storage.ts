import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createLocalObjectStore } from './local-object-store.js';
import type { ObjectRange, ObjectStore } from './object-store.js';
import type { StorageArea, StorageExtension } from './storage-keys.js';
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

export type { StorageArea, StorageExtension };
export type { ObjectRange };

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

export interface FileStorageOptions {
  /** the local data directory: the upload temp area and work folders are always here */
  dataDir: string;
  /** where finished objects live; default: the data directory */
  objects?: ObjectStore;
}

/**
 * The file store: uploads stream into the local `tmp/` under a random name, then go to the
 * object store (the data directory, or S3) under a server-made key. Only the
 * temp area and the work folders are local to the instance.
 */
export function createFileStorage({ dataDir, objects: given }: FileStorageOptions) {
  const root = path.resolve(dataDir);
  const tmpDir = path.join(root, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const workDirs = createWorkDirRegistry(tmpDir);
  const objects = given ?? createLocalObjectStore(root, tmpDir);

  return {
    /** the object store, named in logs and start-up errors */
    objects,

    newKey(area: StorageArea, workspaceId: number, extension?: StorageExtension): string {
      return `${area}/${workspaceId}/${randomUUID()}${extension ? `.${extension}` : ''}`;
    },

    /**
     * Streams `source` into a new temp file; a failure removes the partial file. Not synced here:
     * the disk store syncs it before the rename into place, and S3 keeps what it was sent.
     */
    async receive(source: Readable, maxBytes: number): Promise<TempFile> {
      const tempPath = path.join(tmpDir, `${randomUUID()}.upload`);
      const meter = new MeterStream(maxBytes);
      try {
        await pipeline(
          source,
          meter,
          createWriteStream(tempPath, { flags: 'wx', highWaterMark: 1024 * 1024 }),
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

    /** The temp file becomes the object at `key` (moved or uploaded; the temp file is gone). */
    publish: (temp: TempFile, key: string) =>
      objects.putFile(temp.path, key, { size: temp.size, sha256: temp.sha256 }),

    /**
     * A fresh folder in the temp area for work such as an encode. The temp sweep leaves it
     * alone however long the work takes, until the caller hands it to `removeWorkDir`.
     */
    makeWorkDir: () => workDirs.make(),

    removeWorkDir: (dir: string) => workDirs.remove(dir),

    /** A finished file made in a work folder becomes the object at `key`. */
    publishPath: (source: string, key: string) => objects.putFile(source, key),

    /**
     * A path a program (ffmpeg, a printer upload) can read the object at: the stored file on the
     * local disk, a copy in `workDir` from S3; null when the object is missing.
     */
    localPathOf: (key: string, workDir: string) => objects.localPath(key, workDir),

    /**
     * The object as a local file for as long as the caller needs it (a print file sent to a LAN
     * printer): `release` removes the copy, if one was made. Null when the object is missing.
     */
    async holdLocalCopy(key: string): Promise<{ path: string; release(): Promise<void> } | null> {
      const dir = await workDirs.make();
      const release = () => workDirs.remove(dir);
      try {
        const file = await objects.localPath(key, dir);
        if (file) return { path: file, release };
      } catch (error) {
        await release();
        throw error;
      }
      await release();
      return null;
    },

    /** Small objects (previews, frames, avatars). */
    writeObject: (key: string, data: Buffer) => objects.putBuffer(key, data),

    discard: (temp: TempFile) => rm(temp.path, { force: true }),

    remove: (keys: string[]) => (keys.length > 0 ? objects.remove(keys) : Promise.resolve()),

    /** The size of a stored object, or null when it is missing. */
    sizeOf: (key: string) => objects.sizeOf(key),

    /** The bytes of a stored object (all, or a range), or null when it is missing. */
    openRead: (key: string, range?: ObjectRange) => objects.openRead(key, range),

    /** A presigned link straight to the store's object, or null (the disk; S3_AGENT_DOWNLOADS=server). */
    directReadUrl: (key: string, expiresInSeconds: number): Promise<string | null> =>
      objects.directReadUrl ? objects.directReadUrl(key, expiresInSeconds) : Promise.resolve(null),

    /** Every stored object of an area with when it was last written (for the orphan sweep). */
    listObjects: (area: StorageArea) => objects.list(area),

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
