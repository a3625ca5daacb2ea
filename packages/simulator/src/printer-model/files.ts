import { createHash } from 'node:crypto';
import { readGcodeMetadata, type GcodeMetadata } from './gcode-metadata.js';

/** A file stored on the printer's host (OctoPrint "local", Moonraker "gcodes"). */
export interface StoredFile {
  /** Relative path with "/" separators, no leading slash. */
  path: string;
  /** Last path segment. */
  name: string;
  /** The name as the user sent it, before sanitising. */
  display: string;
  size: number;
  content: Buffer;
  /** Simulated ms. */
  modified: number;
  /** computed on first read: hashing every upload up front cost the Bambu start bench ~10 % */
  readonly sha1: string;
  readonly sha256: string;
  metadata: GcodeMetadata;
  prints: { success: number; failure: number; last: PrintRecord | null };
}

export interface PrintRecord {
  /** Simulated ms. */
  date: number;
  success: boolean;
  printSeconds: number;
}

export class FileStoreError extends Error {
  constructor(
    readonly reason: 'invalid-path' | 'full',
    message: string,
  ) {
    super(message);
  }
}

export interface FileStoreOptions {
  maxBytes: number;
  maxFiles: number;
}

export const DEFAULT_FILE_LIMITS: FileStoreOptions = {
  maxBytes: 512 * 1024 * 1024,
  maxFiles: 2000,
};

export class FileStore {
  readonly maxBytes: number;
  readonly maxFiles: number;
  #files = new Map<string, StoredFile>();
  #folders = new Set<string>();
  #usedBytes = 0;

  constructor(options: FileStoreOptions = DEFAULT_FILE_LIMITS) {
    this.maxBytes = options.maxBytes;
    this.maxFiles = options.maxFiles;
  }

  get usedBytes(): number {
    return this.#usedBytes;
  }

  put(path: string, content: Buffer, modified: number, display?: string): StoredFile {
    const clean = normalizePath(path);
    const previous = this.#files.get(clean);
    const freed = previous?.size ?? 0;
    if (!previous && this.#files.size >= this.maxFiles) {
      throw new FileStoreError('full', 'Too many files');
    }
    if (this.#usedBytes - freed + content.length > this.maxBytes) {
      throw new FileStoreError('full', 'Not enough free space');
    }
    const name = clean.slice(clean.lastIndexOf('/') + 1);
    const file: StoredFile = withLazyHashes({
      path: clean,
      name,
      display: display ?? name,
      size: content.length,
      content,
      modified,
      metadata: readGcodeMetadata(content),
      prints: previous?.prints ?? { success: 0, failure: 0, last: null },
    });
    this.#files.set(clean, file);
    this.#usedBytes += content.length - freed;
    for (const folder of parentFolders(clean)) this.#folders.add(folder);
    return file;
  }

  get(path: string): StoredFile | undefined {
    const clean = tryNormalizePath(path);
    return clean === null ? undefined : this.#files.get(clean);
  }

  delete(path: string): boolean {
    const file = this.get(path);
    if (!file) return false;
    this.#files.delete(file.path);
    this.#usedBytes -= file.size;
    return true;
  }

  createFolder(path: string): string {
    const clean = normalizePath(path);
    for (const folder of [...parentFolders(clean), clean]) this.#folders.add(folder);
    return clean;
  }

  hasFolder(path: string): boolean {
    const clean = tryNormalizePath(path);
    return clean !== null && this.#folders.has(clean);
  }

  /** Removes a folder and everything below it; returns the files removed. */
  deleteFolder(path: string): StoredFile[] {
    const clean = normalizePath(path);
    const prefix = `${clean}/`;
    const removed = this.list().filter((file) => file.path.startsWith(prefix));
    for (const file of removed) this.delete(file.path);
    for (const folder of [...this.#folders]) {
      if (folder === clean || folder.startsWith(prefix)) this.#folders.delete(folder);
    }
    return removed;
  }

  list(): StoredFile[] {
    return [...this.#files.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  folders(): string[] {
    return [...this.#folders].sort();
  }
}

/** Checks and normalises a relative path; throws FileStoreError for anything unsafe. */
export function normalizePath(path: string): string {
  const clean = tryNormalizePath(path);
  if (clean === null) throw new FileStoreError('invalid-path', `Invalid path: ${path}`);
  return clean;
}

function tryNormalizePath(path: string): string | null {
  if (path.length === 0 || path.length > 1024) return null;
  const segments = path.split('/').filter((segment) => segment !== '');
  const isBad = (segment: string) =>
    segment === '.' ||
    segment === '..' ||
    segment.length > 255 ||
    segment.includes('\\') ||
    [...segment].some((char) => char.charCodeAt(0) < 0x20);
  if (segments.length === 0 || segments.some(isBad)) return null;
  return segments.join('/');
}

function parentFolders(path: string): string[] {
  const segments = path.split('/').slice(0, -1);
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** `sha1` and `sha256` as getters that hash the content once, when first asked. */
function withLazyHashes(file: Omit<StoredFile, 'sha1' | 'sha256'>): StoredFile {
  const hashes = new Map<'sha1' | 'sha256', string>();
  const hash = (algorithm: 'sha1' | 'sha256') => {
    let digest = hashes.get(algorithm);
    if (digest === undefined) {
      digest = createHash(algorithm).update(file.content).digest('hex');
      hashes.set(algorithm, digest);
    }
    return digest;
  };
  return Object.defineProperties(file as StoredFile, {
    sha1: { get: () => hash('sha1'), enumerable: true },
    sha256: { get: () => hash('sha256'), enumerable: true },
  });
}
