import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { once } from 'node:events';
import { CommandFailed, describeError, type ArrivingPrintFile } from '../drivers/driver.js';
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

/** A download whose bytes go on as they arrive; `cancel` ends it (safe at any point, twice). */
export interface ArrivingFile {
  content: ArrivingPrintFile['content'];
  cancel(): void;
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
    throw toDownloadFailure(error, request.signal);
  }
}

/**
 * Opens the download and hands its bytes on as they arrive, checked as `downloadPrintFile`
 * checks them: the chunks end only once exactly the announced size with its SHA-256 came,
 * and while the start has time left; anything else throws (issue 31: the printer's upload
 * runs beside the download instead of after it). A refused link fails here, before any byte.
 */
export async function openArrivingFile(
  request: Omit<DownloadRequest, 'dir'>,
): Promise<ArrivingFile> {
  let response: IncomingMessage;
  try {
    response = await openDownload(request);
  } catch (error) {
    throw toDownloadFailure(error, request.signal);
  }
  // a cut before the upload reads (it connects first) is seen by the read, not thrown here
  response.on('error', () => {});
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      yield* verifiedChunks(response, request);
    } catch (error) {
      throw toDownloadFailure(error, request.signal);
    }
    // the last point where giving up leaves the printer untouched: the upload is not complete
    if (request.signal.aborted) {
      throw new CommandFailed('timeout', 'The download took too long; nothing was printed.');
    }
  }
  return { content: { size: request.size, chunks: chunks() }, cancel: () => response.destroy() };
}

/** What a failed download is for the server: its own code, or `download-failed` with why. */
function toDownloadFailure(error: unknown, signal: AbortSignal): CommandFailed {
  if (error instanceof CommandFailed) return error;
  if (signal.aborted) {
    return new CommandFailed('download-failed', 'The download was stopped before it finished.');
  }
  return new CommandFailed('download-failed', `The download failed: ${describeError(error)}`);
}

/** The response to a GET of the file, once it says 2xx. */
async function openDownload(request: Omit<DownloadRequest, 'dir'>): Promise<IncomingMessage> {
  const response = await openGet(request.url, request.signal);
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    throw new CommandFailed('download-failed', `The file server answered HTTP ${status}.`);
  }
  return response;
}

/**
 * The body's chunks, counted, hashed and reported as they pass; ends only when exactly the
 * announced size came with the announced SHA-256, and throws as soon as it cannot.
 */
async function* verifiedChunks(
  body: IncomingMessage,
  request: Omit<DownloadRequest, 'dir' | 'url'>,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let bytes = 0;
  let percent = -1;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > request.size) {
        throw new CommandFailed(
          'download-failed',
          `The file is larger than the announced ${request.size} bytes.`,
        );
      }
      hash.update(chunk);
      const now = Math.floor((bytes / request.size) * 100);
      if (now !== percent) request.onProgress((percent = now));
      yield chunk;
    }
  } finally {
    body.destroy();
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

/**
 * Bytes the file write may hold before the download waits: with the stream's default (16 KiB)
 * every chunk the download hands over (~64 KiB) waited for its own write; a MiB lets the
 * chunks go to disk together, which took the download of 50 MB from about 365 to 220 ms of
 * CPU (issue 31).
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

async function streamToFile(request: DownloadRequest, path: string): Promise<void> {
  const response = await openDownload(request);
  const out = createWriteStream(path, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES });
  const closed = once(out, 'close');
  try {
    for await (const chunk of verifiedChunks(response, request)) {
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    response.destroy();
    out.end();
    await closed;
  }
}
