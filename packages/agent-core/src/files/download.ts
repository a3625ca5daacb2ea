import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { CommandFailed, describeError } from '../drivers/driver.js';
import { openGet } from './http-get.js';

export interface DownloadRequest {
  /** the short-lived signed URL the server sent */
  url: string;
  /** bytes and SHA-256 the file must have */
  size: number;
  sha256: string;
  /** where temporary files go */
  dir: string;
  signal: AbortSignal;
  /** percent 0–100, at most once per whole percent */
  onProgress: (percent: number) => void;
}

export interface DownloadedFile {
  path: string;
  /** removes the file and its folder; safe to call twice */
  remove(): Promise<void>;
}

/**
 * Streams a print file to a fresh temporary folder while hashing it, and keeps it only if it
 * has exactly the announced size and SHA-256; anything else deletes it and fails.
 */
export async function downloadPrintFile(request: DownloadRequest): Promise<DownloadedFile> {
  const folder = await mkdtemp(join(request.dir, 'printdeck-download-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const path = join(folder, `${randomUUID()}.part`);
    await streamToFile(request, path);
    return { path, remove };
  } catch (error) {
    await remove();
    if (error instanceof CommandFailed) throw error;
    if (request.signal.aborted) {
      throw new CommandFailed('download-failed', 'The download was stopped before it finished.');
    }
    throw new CommandFailed('download-failed', `The download failed: ${describeError(error)}`);
  }
}

/**
 * Bytes the file write may hold before the download waits: with the stream's default (16 KiB)
 * every chunk `fetch` hands over (~64 KiB) waited for its own write; a MiB lets the chunks go
 * to disk together, which took the download of 50 MB from about 365 to 220 ms of CPU (issue 31).
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

async function streamToFile(request: DownloadRequest, path: string): Promise<void> {
  const response = await openGet(request.url, request.signal);
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    throw new CommandFailed('download-failed', `The file server answered HTTP ${status}.`);
  }
  const hash = createHash('sha256');
  const out = createWriteStream(path, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES });
  const closed = once(out, 'close');
  let bytes = 0;
  let percent = -1;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      if (bytes > request.size) {
        throw new CommandFailed(
          'download-failed',
          `The file is larger than the announced ${request.size} bytes.`,
        );
      }
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
      const now = Math.floor((bytes / request.size) * 100);
      if (now !== percent) request.onProgress((percent = now));
    }
  } finally {
    response.destroy();
    out.end();
    await closed;
  }
  if (bytes !== request.size) {
    throw new CommandFailed(
      'download-failed',
      `Got ${bytes} bytes of the announced ${request.size}.`,
    );
  }
  const digest = hash.digest('hex');
  if (digest !== request.sha256) {
    throw new CommandFailed(
      'checksum-mismatch',
      `The file's SHA-256 is ${digest}, not the announced ${request.sha256}: it was not printed.`,
    );
  }
}
