import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { SNAPSHOT_MAX_BYTES, type SnapshotResult } from '@printdeck/shared';
import { CommandFailed, type ArrivingPrintFile, type LocalPrintFile } from './driver.js';
import { asRecord, type HostRequest } from './host-http.js';

/** A multipart/form-data body with its length known up front, the file read from disk. */
export interface MultipartUpload {
  contentType: string;
  /** bytes of the whole body: sent as Content-Length, as a FormData's is */
  length: number;
  /** read once, by the upload that sends it */
  body: Readable;
  /** lets go of the file; safe to call twice, and after the body was read to its end */
  close(): Promise<void>;
}

/** A print file on the agent's disk, or one still arriving from the server. */
export type PrintFileUpload = LocalPrintFile | ArrivingPrintFile;

/** How long a print file's upload to its host may take (a large file to a slow Pi). */
const UPLOAD_TIMEOUT_MS = 600_000;

/**
 * Sends a print file to its host as a multipart form (`fields`, then the file under its printer
 * name) through the driver's own HTTP call, and answers the host's JSON body; the file is let go
 * whether the host answered or not. OctoPrint's and Moonraker's uploads differ only in path,
 * fields and answer.
 */
export async function sendPrintFile(
  send: (request: HostRequest) => Promise<Response>,
  path: string,
  file: PrintFileUpload,
  fields: Record<string, string>,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const upload = await multipartUpload(
    { ...file, fileName: printerFileName(file.fileName) },
    fields,
  );
  try {
    const response = await send({ path, upload, signal, timeoutMs: UPLOAD_TIMEOUT_MS });
    return asRecord(await response.json());
  } finally {
    await upload.close();
  }
}

/** Bytes read from the file per chunk of the body. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/** FormData's escaping of a name or file name in Content-Disposition. */
const escapeName = (name: string) =>
  name.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
const normalizeLinefeeds = (text: string) => text.replace(/\r?\n|\r/g, '\r\n');

/**
 * The fields, then the file as part `file`, byte for byte as `fetch` encodes a FormData (the
 * same headers and escaping), but as a plain Node stream of large chunks: a FormData holding
 * the file as a Blob is read 64 KiB at a time through several web streams, which cost the agent
 * about four times the CPU of this body for a 50 MB print (issue 31, docs/benchmarks.md). The
 * form's end goes only after the file's last chunk: for a file still arriving, after its check.
 */
export async function multipartUpload(
  file: PrintFileUpload,
  fields: Record<string, string>,
): Promise<MultipartUpload> {
  const boundary = `----printdeck-${randomBytes(12).toString('hex')}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(normalizeLinefeeds(name))}"\r\n\r\n${normalizeLinefeeds(value)}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${escapeName(file.fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  const content =
    'content' in file
      ? { ...file.content, release: async () => {} }
      : await readDisk(file.diskPath);
  async function* readParts(): AsyncGenerator<Buffer> {
    yield headBytes;
    yield* content.chunks;
    await content.release();
    yield tailBytes;
  }
  const body = Readable.from(readParts(), { objectMode: false });
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: headBytes.length + content.size + tailBytes.length,
    body,
    // a body the host stopped reading (an early answer) stops reading the file too
    close: async () => {
      body.destroy();
      await content.release();
    },
  };
}

/** A file on disk read a MiB at a time; `release` lets go of it (safe twice, and while read). */
async function readDisk(
  diskPath: string,
): Promise<{ size: number; chunks: AsyncIterable<Buffer>; release(): Promise<void> }> {
  const handle = await open(diskPath, 'r');
  let size: number;
  try {
    size = (await handle.stat()).size;
  } catch (error) {
    await handle.close();
    throw error;
  }
  let isReleased = false;
  const release = async () => {
    if (isReleased) return;
    isReleased = true;
    await handle.close();
  };
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let sent = 0; sent < size;) {
      if (isReleased) throw new Error('the upload was closed before the whole file was sent');
      const chunk = Buffer.allocUnsafe(Math.min(UPLOAD_CHUNK_BYTES, size - sent));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, sent);
      if (bytesRead === 0) throw new Error(`the file ended after ${sent} of ${size} bytes`);
      sent += bytesRead;
      yield chunk.subarray(0, bytesRead);
    }
  }
  return { size, chunks: chunks(), release };
}

/** A camera frame as the `snapshot` command answers it; only JPEG or PNG, and only so big. */
export async function toSnapshotResult(response: Response): Promise<SnapshotResult> {
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (contentType !== 'image/jpeg' && contentType !== 'image/png') {
    await response.body?.cancel();
    throw new CommandFailed(
      'internal',
      `The camera sent ${contentType || 'no content type'}, not an image.`,
    );
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > SNAPSHOT_MAX_BYTES) {
    await response.body?.cancel();
    throw new CommandFailed('internal', 'The camera frame is too large.');
  }
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > SNAPSHOT_MAX_BYTES) {
    throw new CommandFailed('internal', 'The camera frame is too large.');
  }
  return { content_type: contentType, data_base64: data.toString('base64') };
}

/** A name safe to store on the printer: the last path segment, no control characters. */
export function printerFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return clean === '' || clean === '.' || clean === '..' ? 'print.gcode' : clean;
}
