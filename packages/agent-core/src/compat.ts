import * as fs from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * What the agent needs from Node.js that Node 18 (Raspberry Pi OS's) does not have yet; the
 * bundled agent runs there too (`npm run build:agent`).
 */

/** `AbortSignal.any` (Node 20.3+): aborted as soon as one of the signals is. */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  const native = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (native) return native.call(AbortSignal, signals);
  const controller = new AbortController();
  const onAbort = (signal: AbortSignal) => {
    controller.abort(signal.reason);
    for (const other of signals) other.removeEventListener('abort', listeners.get(other)!);
  };
  const listeners = new Map<AbortSignal, () => void>();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    const listener = () => onAbort(signal);
    listeners.set(signal, listener);
    signal.addEventListener('abort', listener, { once: true });
  }
  return controller.signal;
}

/**
 * A file on disk as a Blob for a multipart upload: streamed by `fs.openAsBlob` (Node 19.8+),
 * read into memory on older Node.js.
 */
export async function openFileAsBlob(path: string): Promise<Blob> {
  const native = (fs as { openAsBlob?: (path: string) => Promise<Blob> }).openAsBlob;
  if (native) return native(path);
  return new Blob([await readFile(path)]);
}
