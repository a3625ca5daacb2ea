import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test-support/s3-server.js';
import { createS3Client } from './s3-object-store.js';
import { putFileToS3 } from './s3-put-file.js';

/**
 * The ways a finished file goes to S3 (issue 28), against s3rver on this machine: one PutObject
 * signed with the SHA-256 the upload measured, one that hashes the file itself first, and the
 * multipart upload of a file over the single-PUT limit (lowered here to keep the file small).
 */
let s3: TestS3Server;
let client: S3Client;
let bucket: string;
let dir: string;
const MiB = 1024 * 1024;
/** each request the client sent: the command, and the payload hash it was signed with */
const sent: Array<{ command: string; payloadHash: string | undefined }> = [];

beforeAll(async () => {
  s3 = await startTestS3Server();
  const settings = await s3.createBucket();
  bucket = settings.bucket;
  client = createS3Client(settings);
  client.middlewareStack.add(
    (next, context) => (args) => {
      const { headers } = args.request as { headers: Record<string, string> };
      sent.push({
        command: context.commandName ?? '',
        payloadHash: headers['x-amz-content-sha256'],
      });
      return next(args);
    },
    { step: 'deserialize', name: 'recordSent' },
  );
  dir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-s3-put-'));
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function writeSource(name: string, bytes: number): { file: string; data: Buffer } {
  const data = Buffer.alloc(bytes);
  for (let at = 0; at + 4 <= bytes; at += 4096) data.writeUInt32LE(at, at);
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return { file, data };
}

async function readObject(key: string): Promise<Buffer> {
  const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const chunks: Buffer[] = [];
  for await (const chunk of answer.Body as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('putFileToS3', () => {
  it('sends one PutObject with the known SHA-256: the same bytes, not a multipart object', async () => {
    const { file, data } = writeSource('known.gcode', 3 * MiB + 7);
    sent.length = 0;
    await putFileToS3(client, { Bucket: bucket, Key: 'known' }, file, {
      size: data.length,
      sha256: sha256(data),
    });
    // signed with the file's hash: S3 checks the bytes it got against it
    expect(sent).toEqual([{ command: 'PutObjectCommand', payloadHash: sha256(data) }]);
    expect(sha256(await readObject('known'))).toBe(sha256(data));
  });

  it('hashes the file itself when the caller knows nothing of it (a finished video)', async () => {
    const { file, data } = writeSource('video.mp4', 2 * MiB + 1);
    sent.length = 0;
    await putFileToS3(client, { Bucket: bucket, Key: 'unknown' }, file);
    expect(sent).toEqual([{ command: 'PutObjectCommand', payloadHash: sha256(data) }]);
    expect(sha256(await readObject('unknown'))).toBe(sha256(data));
  });

  it('sends the whole file again after an attempt that failed halfway with a 503', async () => {
    const { file, data } = writeSource('retried.gcode', 3 * MiB);
    let failures = 0;
    // the store answers 503 after the first chunk of the first attempt (a retryable error)
    client.middlewareStack.add(
      (next) => async (args) => {
        const { body } = args.request as { body?: Readable };
        if (failures === 0 && body && typeof body.read === 'function') {
          failures += 1;
          await new Promise((resolve) => body.once('readable', resolve));
          body.read();
          throw Object.assign(new Error('Slow down'), {
            name: 'SlowDown',
            $metadata: { httpStatusCode: 503 },
          });
        }
        return next(args);
      },
      { step: 'deserialize', name: 'failFirstAttempt', priority: 'low' },
    );
    try {
      await putFileToS3(client, { Bucket: bucket, Key: 'retried' }, file, {
        size: data.length,
        sha256: sha256(data),
      });
    } finally {
      client.middlewareStack.remove('failFirstAttempt');
    }
    expect(failures).toBe(1);
    expect(sha256(await readObject('retried'))).toBe(sha256(data));
  });

  it('goes multipart over the single-PUT limit, in parts', async () => {
    const { file, data } = writeSource('big.gcode', 12 * MiB + 3);
    sent.length = 0;
    await putFileToS3(client, { Bucket: bucket, Key: 'big' }, file, undefined, {
      singlePutMaxBytes: 8 * MiB,
      partBytes: 5 * MiB,
      partsAtOnce: 2,
    });
    expect(sent.map((request) => request.command)).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(sha256(await readObject('big'))).toBe(sha256(data));
  });
});
