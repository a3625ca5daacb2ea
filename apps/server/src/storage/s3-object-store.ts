import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { KnownFile, ListedObject, ObjectRange, ObjectStore } from './object-store.js';
import { putFileToS3 } from './s3-put-file.js';
import { assertStorageKey, KEY_PATTERN, type StorageArea } from './storage-keys.js';
import { loadS3Presigner, loadS3Sdk } from './s3-sdk.js';

/** STORAGE_URL=s3://bucket/prefix with the S3_* settings (config/storage-config.ts). */
export interface S3Settings {
  bucket: string;
  /** '' or ending in '/' */
  prefix: string;
  /** unset: AWS itself */
  endpoint?: string | undefined;
  region: string;
  /** unset: the SDK's own chain (environment, profile, instance role) */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /**
   * agents fetch print files by a presigned GET straight from the store (the default), or
   * through the server (`S3_AGENT_DOWNLOADS=server`: the store is not reachable from them)
   */
  agentDownloads?: 'direct' | 'server';
}

/** how long the check at start waits for the bucket's answer */
export const CHECK_TIMEOUT_MS = 10_000;
/** DeleteObjects takes at most this many keys a request. */
const DELETE_BATCH = 1000;

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/** `bytes 0-99/1234` → 1234 */
function totalOfContentRange(contentRange: string | undefined): number | null {
  const total = /\/(\d+)$/.exec(contentRange ?? '');
  return total ? Number(total[1]) : null;
}

/** `/bucket/` → `/bucket`: the bucket-level calls of a path-style client. */
const BUCKET_PATH = /^\/[^/]+\/$/;

export function createS3Client(settings: S3Settings): S3Client {
  const client = new (loadS3Sdk().S3Client)({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // checksums only where S3 demands them: many S3-compatible stores refuse the newer ones
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  if (settings.forcePathStyle) {
    // Path-style bucket calls go as `/bucket?…`, as most S3 clients send them: the SDK's
    // `/bucket/` is signed differently by some S3-compatible servers (s3rver among them).
    client.middlewareStack.add(
      (next) => (args) => {
        const request = args.request as { path?: string };
        if (request.path && BUCKET_PATH.test(request.path)) {
          request.path = request.path.slice(0, -1);
        }
        return next(args);
      },
      { step: 'build', name: 'bucketPathWithoutSlash' },
    );
  }
  return client;
}

/**
 * Objects in an S3-compatible bucket under a prefix, so instances on several machines share
 * them without a shared disk. Files go up from the local temp area (s3-put-file.ts).
 */
export function createS3ObjectStore(settings: S3Settings, client = createS3Client(settings)) {
  const {
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
  } = loadS3Sdk();
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => `${prefix}${assertStorageKey(key)}`;

  async function getObject(key: string, range?: ObjectRange) {
    try {
      return await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  const store: ObjectStore = {
    description: `the S3 bucket ${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,

    async putFile(source: string, key: string, known?: KnownFile): Promise<void> {
      await putFileToS3(client, { Bucket: bucket, Key: objectKey(key) }, source, known);
      await rm(source, { force: true });
    },

    async putBuffer(key: string, data: Buffer): Promise<void> {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data }));
    },

    async remove(keys: string[]): Promise<void> {
      for (let at = 0; at < keys.length; at += DELETE_BATCH) {
        const batch = keys.slice(at, at + DELETE_BATCH).map((key) => ({ Key: objectKey(key) }));
        const answer = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = answer.Errors?.filter((error) => error.Code !== 'NoSuchKey') ?? [];
        if (failed.length > 0) {
          throw new Error(`S3 did not delete ${failed.length} objects: ${failed[0]!.Message}`);
        }
      }
    },

    async sizeOf(key: string): Promise<number | null> {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async openRead(key: string, range?: ObjectRange) {
      const answer = await getObject(key, range);
      if (!answer?.Body) return null;
      const size = range ? totalOfContentRange(answer.ContentRange) : answer.ContentLength;
      return { stream: answer.Body as Readable, size: size ?? 0 };
    },

    async list(area: StorageArea): Promise<ListedObject[]> {
      const objects: ListedObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}${area}/`,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const item of page.Contents ?? []) {
          const key = item.Key?.slice(prefix.length) ?? '';
          if (!KEY_PATTERN.test(key)) continue;
          objects.push({ key, mtimeMs: item.LastModified?.getTime() ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },

    ...(settings.agentDownloads !== 'server' && {
      directReadUrl: (key: string, expiresInSeconds: number) =>
        loadS3Presigner().getSignedUrl(
          client,
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
          {
            expiresIn: expiresInSeconds,
          },
        ),
    }),

    async localPath(key: string, workDir: string): Promise<string | null> {
      const answer = await getObject(key);
      if (!answer?.Body) return null;
      const target = path.join(workDir, `${randomUUID()}${path.extname(key)}`);
      await pipeline(answer.Body as Readable, createWriteStream(target));
      return target;
    },

    async check(): Promise<void> {
      await client.send(new HeadBucketCommand({ Bucket: bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    },

    close: () => client.destroy(),
  };
  return store;
}
