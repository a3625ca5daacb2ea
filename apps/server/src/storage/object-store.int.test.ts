import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test-support/s3-server.js';
import { createFileStorage, type FileStorage } from './file-storage.js';
import type { ObjectStore } from './object-store.js';
import { createS3Client, createS3ObjectStore } from './s3-object-store.js';

/**
 * One suite, two stores (issue 28): the data directory and an S3 server on this machine
 * (s3rver, over HTTP with signed requests). Whatever the server does with files must behave
 * the same on both.
 */
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const STORES: Array<[string, (dataDir: string) => Promise<ObjectStore | undefined>]> = [
  ['the local disk', () => Promise.resolve(undefined)],
  ['S3', async () => createS3ObjectStore(await s3.createBucket('deck/one'))],
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(STORES)('the file store on %s', (_name, makeObjects) => {
  let dataDir: string;
  let storage: FileStorage;
  const tmpEntries = () => readdirSync(path.join(dataDir, 'tmp'));

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-objects-'));
    const objects = await makeObjects(dataDir);
    storage = createFileStorage({ dataDir, ...(objects ? { objects } : {}) });
    return () => {
      storage.objects.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });

  async function storeBytes(data: Buffer, workspaceId = 3): Promise<string> {
    const temp = await storage.receive(Readable.from([data]), data.length);
    const key = storage.newKey('files', workspaceId);
    await storage.publish(temp, key);
    return key;
  }

  it('publishes a 40 MiB upload and gives back the same bytes; the temp file is gone', async () => {
    // on S3 one streamed PutObject signed with the SHA-256 the upload measured
    const data = Buffer.alloc(40 * 1024 * 1024);
    for (let at = 0; at < data.length; at += 4096) data.writeUInt32LE(at, at);
    const key = await storeBytes(data);
    expect(tmpEntries()).toEqual([]);
    expect(await storage.sizeOf(key)).toBe(data.length);
    const stored = await storage.openRead(key);
    expect(stored?.size).toBe(data.length);
    expect(sha256(await readAll(stored!.stream))).toBe(sha256(data));
  });

  it('reads a byte range with the whole size', async () => {
    const key = await storeBytes(Buffer.from('0123456789abcdef'));
    const stored = await storage.openRead(key, { start: 4, end: 9 });
    expect(stored?.size).toBe(16);
    expect((await readAll(stored!.stream)).toString()).toBe('456789');
    const last = await storage.openRead(key, { start: 15, end: 15 });
    expect((await readAll(last!.stream)).toString()).toBe('f');
  });

  it('says null for a missing object, for every way of reading it', async () => {
    const key = storage.newKey('videos', 3, 'mp4');
    expect(await storage.sizeOf(key)).toBeNull();
    expect(await storage.openRead(key)).toBeNull();
    expect(await storage.openRead(key, { start: 0, end: 1 })).toBeNull();
    const workDir = await storage.makeWorkDir();
    expect(await storage.localPathOf(key, workDir)).toBeNull();
    await storage.removeWorkDir(workDir);
    expect(await storage.holdLocalCopy(key)).toBeNull();
    expect(tmpEntries()).toEqual([]);
  });

  it('writes small objects, lists them by area with a recent time, and removes them', async () => {
    const before = Date.now() - 5_000;
    const frame = storage.newKey('frames', 4, 'jpg');
    const preview = storage.newKey('previews', 4, 'png');
    await storage.writeObject(frame, Buffer.from('jpeg bytes'));
    await storage.writeObject(preview, Buffer.from('png bytes'));
    const frames = await storage.listObjects('frames');
    expect(frames.map((object) => object.key)).toEqual([frame]);
    expect(frames[0]!.mtimeMs).toBeGreaterThan(before);
    expect((await storage.listObjects('previews')).map((object) => object.key)).toEqual([preview]);
    expect(await storage.listObjects('videos')).toEqual([]);

    const missing = storage.newKey('frames', 4, 'jpg');
    await storage.remove([frame, missing]);
    expect(await storage.listObjects('frames')).toEqual([]);
    expect(await storage.sizeOf(preview)).toBe(9);
  });

  it('gives a local file to a program that reads by path, and releases a held copy', async () => {
    const key = storage.newKey('frames', 5, 'jpg');
    await storage.writeObject(key, Buffer.from('a frame'));
    const workDir = await storage.makeWorkDir();
    const file = await storage.localPathOf(key, workDir);
    expect(readFileSync(file!, 'utf8')).toBe('a frame');
    await storage.removeWorkDir(workDir);

    const held = await storage.holdLocalCopy(key);
    expect(readFileSync(held!.path, 'utf8')).toBe('a frame');
    await held!.release();
    expect(tmpEntries()).toEqual([]);
    // the object itself stays
    expect(await storage.sizeOf(key)).toBe(7);
  });

  it('refuses any key it did not make, so nothing reaches outside the store', async () => {
    for (const key of ['../etc/passwd', 'files/1/../../x', '/etc/passwd', 'files/1/abc', 'x/1/y']) {
      await expect(storage.openRead(key), key).rejects.toThrow(/not a storage key/);
      await expect(storage.writeObject(key, Buffer.from('x')), key).rejects.toThrow(
        /not a storage key/,
      );
    }
  });
});

describe('the S3 store under a prefix', () => {
  it('keeps its objects under the prefix and lists only its own', async () => {
    const settings = await s3.createBucket('farm/a');
    const mine = createS3ObjectStore(settings);
    const neighbour = createS3ObjectStore({ ...settings, prefix: 'farm/b/' });
    const key = 'files/1/00000000-0000-4000-8000-000000000001';
    await mine.putBuffer(key, Buffer.from('mine'));
    await neighbour.putBuffer('files/1/00000000-0000-4000-8000-000000000002', Buffer.from('b'));
    expect((await mine.list('files')).map((object) => object.key)).toEqual([key]);
    expect(await neighbour.sizeOf(key)).toBeNull();
    // in the bucket itself, the keys carry the prefix
    const client = createS3Client(settings);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
    expect(listed.Contents?.map((item) => item.Key).sort()).toEqual([
      `farm/a/${key}`,
      'farm/b/files/1/00000000-0000-4000-8000-000000000002',
    ]);
    client.destroy();
    mine.close();
    neighbour.close();
  });
});
