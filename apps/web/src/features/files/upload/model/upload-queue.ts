import { LIMITS, isHiddenOrSystemFileName } from '@printdeck/shared';

/** What the dialog needs of a browser File (tests pass plain objects). */
export interface FileLike {
  name: string;
  size: number;
  lastModified: number;
}

export type UploadState = 'waiting' | 'uploading' | 'uploaded' | 'error';

export interface UploadItem<F extends FileLike = File> {
  key: string;
  file: F;
  state: UploadState;
  /** bytes of this file sent so far */
  loaded: number;
  error?: UploadProblem;
}

/** Why a file was not added to the list (spec §4.2 and the 200 MB limit of §5). */
export type IgnoredReason = 'hidden' | 'tooSmall' | 'tooLarge' | 'duplicate';

export interface IgnoredFile {
  name: string;
  reason: IgnoredReason;
}

/** A problem the dialog shows: one of its own texts, or the server's words. */
export type UploadProblem = { key: UploadProblemKey } | { text: string };
export type UploadProblemKey =
  'notSelected' | 'hidden' | 'tooSmall' | 'tooLarge' | 'notGcode' | 'network';

const fileKey = (file: FileLike) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

function whyIgnored(file: FileLike, keys: Set<string>): IgnoredReason | null {
  if (isHiddenOrSystemFileName(file.name)) return 'hidden';
  if (file.size < LIMITS.uploadMinBytes) return 'tooSmall';
  if (file.size > LIMITS.uploadMaxBytes) return 'tooLarge';
  if (keys.has(fileKey(file))) return 'duplicate';
  return null;
}

/** Adds chosen or dropped files, leaving out hidden or system files, the too small or large. */
export function addUploadFiles<F extends FileLike>(
  items: readonly UploadItem<F>[],
  files: Iterable<F>,
): { items: UploadItem<F>[]; ignored: IgnoredFile[] } {
  const keys = new Set(items.map((item) => item.key));
  const added: UploadItem<F>[] = [];
  const ignored: IgnoredFile[] = [];
  for (const file of files) {
    const reason = whyIgnored(file, keys);
    if (reason) {
      ignored.push({ name: file.name, reason });
      continue;
    }
    const key = fileKey(file);
    keys.add(key);
    added.push({ key, file, state: 'waiting', loaded: 0 });
  }
  return { items: [...items, ...added], ignored };
}

export function removeUploadItem<F extends FileLike>(
  items: readonly UploadItem<F>[],
  key: string,
): UploadItem<F>[] {
  return items.filter((item) => item.key !== key);
}

export function updateUploadItem<F extends FileLike>(
  items: readonly UploadItem<F>[],
  key: string,
  change: Partial<Pick<UploadItem<F>, 'state' | 'loaded' | 'error'>>,
): UploadItem<F>[] {
  return items.map((item) => (item.key === key ? { ...item, ...change } : item));
}

/** The files a save still has to send, one after another: not yet sent and not refused. */
export function getPendingUploads<F extends FileLike>(items: readonly UploadItem<F>[]) {
  return items.filter((item) => item.state === 'waiting');
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** whole percent */
  percent: number;
}

/** The overall bar: bytes of the whole list, uploaded files counting in full. */
export function getUploadProgress(items: readonly UploadItem<FileLike>[]): UploadProgress {
  let loaded = 0;
  let total = 0;
  for (const item of items) {
    total += item.file.size;
    loaded += item.state === 'uploaded' ? item.file.size : Math.min(item.loaded, item.file.size);
  }
  return { loaded, total, percent: total === 0 ? 0 : Math.floor((loaded / total) * 100) };
}

/** Save is disabled while a file shows an error (spec §4.2) and while the upload runs. */
export function canSaveUploads(items: readonly UploadItem<FileLike>[], isRunning: boolean) {
  return !isRunning && !items.some((item) => item.state === 'error');
}
