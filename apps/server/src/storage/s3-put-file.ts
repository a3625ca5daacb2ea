import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { KnownFile } from './object-store.js';
import { loadS3Sdk, loadS3Uploads } from './s3-sdk.js';

export interface PutLimits {
  /** a bigger file goes up in a multipart upload */
  singlePutMaxBytes: number;
  /** its parts, this many at once (lib-storage's multipart upload) */
  partBytes: number;
  partsAtOnce: number;
}

/** S3's largest single PUT is 5 GiB. */
const PUT_LIMITS: PutLimits = {
  singlePutMaxBytes: 5 * 1024 * 1024 * 1024,
  partBytes: 64 * 1024 * 1024,
  partsAtOnce: 4,
};
const READ_CHUNK_BYTES = 1024 * 1024;

async function hashFile(source: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(source, { highWaterMark: READ_CHUNK_BYTES }), hash);
  return hash.digest('hex');
}

/**
 * The local file `source` becomes the object `key`. Up to 5 GiB (every Printdeck upload) in one
 * streamed PutObject whose SigV4 payload hash is the file's SHA-256, known from the upload or
 * read once here: the SDK then hashes nothing (a streamed body would go UNSIGNED-PAYLOAD), S3
 * checks the bytes against the signed hash, and the store writes the object once (a multipart
 * upload makes s3rver and MinIO write every part, then the whole object again).
 */
export async function putFileToS3(
  client: S3Client,
  target: { Bucket: string; Key: string },
  source: string,
  known?: KnownFile,
  limits = PUT_LIMITS,
): Promise<void> {
  const size = known?.size ?? (await stat(source)).size;
  if (size > limits.singlePutMaxBytes) {
    const body = createReadStream(source, { highWaterMark: READ_CHUNK_BYTES });
    const upload = new (loadS3Uploads().Upload)({
      client,
      params: { ...target, Body: body },
      partSize: limits.partBytes,
      queueSize: limits.partsAtOnce,
      leavePartsOnError: false,
    });
    await upload.done();
    return;
  }
  const sha256 = known?.sha256 ?? (await hashFile(source));
  // The SDK does not retry a request whose body is a stream; the file can be read again, so a
  // transient failure (a reset, a 5xx, 429) is tried again here with a fresh stream.
  for (let attempt = 1; ; attempt += 1) {
    const command = signedPut(target, source, size, sha256);
    try {
      await client.send(command);
      return;
    } catch (error) {
      (command.input.Body as Readable).destroy();
      if (attempt >= PUT_ATTEMPTS || !isTransient(error)) throw error;
      await delay(RETRY_DELAY_MS * attempt);
    }
  }
}

const PUT_ATTEMPTS = 3;
const RETRY_DELAY_MS = 250;

function isTransient(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

/** A PutObject of the file whose SigV4 payload hash is `sha256` (the SDK hashes nothing). */
function signedPut(
  target: { Bucket: string; Key: string },
  source: string,
  size: number,
  sha256: string,
): PutObjectCommand {
  const body = createReadStream(source, { highWaterMark: READ_CHUNK_BYTES });
  const command = new (loadS3Sdk().PutObjectCommand)({
    ...target,
    Body: body,
    ContentLength: size,
  });
  command.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers) request.headers['x-amz-content-sha256'] = sha256;
      return next(args);
    },
    { step: 'build', name: 'knownPayloadHash' },
  );
  return command;
}
