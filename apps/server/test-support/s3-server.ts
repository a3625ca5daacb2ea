import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
// s3rver serves the S3 API from a folder: a real HTTP S3 endpoint, signatures checked
import S3rver from '@20minutes/s3rver';
import { createS3Client, type S3Settings } from '../src/storage/s3-object-store.js';

export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  /** where s3rver keeps the buckets (a test may look, never the server under test) */
  directory: string;
  /** a fresh bucket with the settings to reach it; the objects go under `prefix` */
  createBucket(prefix?: string): Promise<S3Settings>;
  /** the environment for a server under test */
  envFor(settings: S3Settings): Record<string, string>;
  close(): Promise<void>;
}

let buckets = 0;

/** An S3 server on 127.0.0.1 (s3rver, a registry package), started by the test itself. */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'printdeck-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    directory,
    async createBucket(prefix = '') {
      buckets += 1;
      const settings: S3Settings = {
        bucket: `printdeck-${process.pid}-${buckets}`,
        prefix: prefix ? `${prefix.replace(/\/+$/, '')}/` : '',
        endpoint,
        region: 'us-east-1',
        credentials: S3_TEST_KEYS,
        forcePathStyle: true,
      };
      const client = createS3Client(settings);
      await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
      client.destroy();
      return settings;
    },
    envFor: (settings) => ({
      STORAGE_URL: `s3://${settings.bucket}/${settings.prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
    }),
    async close() {
      // the SDK keeps its connections alive; close would wait for them
      server.httpServer.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A presigned GET of a stored object (`key` without the prefix), signed `signedSecondsAgo`
 * ago for `expiresIn` seconds, as the store's own links are: an expired one when the first is
 * the larger.
 */
export async function presignedGet(
  settings: S3Settings,
  key: string,
  { expiresIn, signedSecondsAgo = 0 }: { expiresIn: number; signedSecondsAgo?: number },
): Promise<string> {
  const client = createS3Client(settings);
  try {
    return await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: settings.bucket, Key: `${settings.prefix}${key}` }),
      { expiresIn, signingDate: new Date(Date.now() - signedSecondsAgo * 1000) },
    );
  } finally {
    client.destroy();
  }
}
