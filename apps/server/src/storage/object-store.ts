import type { Readable } from 'node:stream';
import type { StorageArea } from './storage-keys.js';

/** What the caller already knows of a finished file (an upload was measured as it arrived). */
export interface KnownFile {
  size: number;
  sha256: string;
}

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ObjectRange {
  start: number;
  end: number;
}

export interface ListedObject {
  key: string;
  /** when it was last written (the orphan sweep leaves young objects alone) */
  mtimeMs: number;
}

/**
 * Where finished objects live: the local disk (the default) or an S3-compatible store
 * (STORAGE_URL). The upload temp area and work folders are not here: they stay local.
 */
export interface ObjectStore {
  /** how the store is named in logs and errors */
  readonly description: string;
  /**
   * Takes a finished local file to its key; the source file is gone afterwards. `known` spares
   * the S3 store a pass over the file to hash it.
   */
  putFile(source: string, key: string, known?: KnownFile): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  /** Missing keys are not an error. */
  remove(keys: string[]): Promise<void>;
  /** The object's size, or null when it is missing. */
  sizeOf(key: string): Promise<number | null>;
  /** The bytes (all, or a range); `size` is the whole object's; null when it is missing. */
  openRead(key: string, range?: ObjectRange): Promise<{ stream: Readable; size: number } | null>;
  list(area: StorageArea): Promise<ListedObject[]>;
  /**
   * A link that reads the object straight from the store for `expiresInSeconds` (an S3
   * presigned GET), so agents fetch a print's bytes without the server in between; absent on
   * the disk store and when S3_AGENT_DOWNLOADS=server.
   */
  directReadUrl?(key: string, expiresInSeconds: number): Promise<string>;
  /**
   * A local path a program (ffmpeg, a printer upload) can read: the stored file itself on the
   * disk, a copy in `workDir` otherwise; null when it is missing.
   */
  localPath(key: string, workDir: string): Promise<string | null>;
  /** Throws when the store cannot be reached (checked at start). */
  check(): Promise<void>;
  /** Closes its connections (at shutdown). */
  close(): void;
}
