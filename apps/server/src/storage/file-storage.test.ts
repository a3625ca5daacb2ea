import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage, StorageLimitError, type FileStorage } from './file-storage.js';

let dataDir: string;
let storage: FileStorage;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-storage-'));
  storage = createFileStorage({ dataDir });
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const tmpEntries = () => readdirSync(path.join(dataDir, 'tmp'));

describe('file storage', () => {
  it('receives a stream with its size and SHA-256, then publishes it under a server key', async () => {
    const temp = await storage.receive(Readable.from([Buffer.from('abc')]), 10);
    expect(temp).toMatchObject({
      size: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
    const key = storage.newKey('files', 7);
    expect(key).toMatch(/^files\/7\/[0-9a-f-]{36}$/);
    await storage.publish(temp, key);
    expect(tmpEntries()).toEqual([]);
    const stored = await storage.openRead(key);
    expect(stored?.size).toBe(3);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('abc');
  });

  it('stops at the limit and leaves no partial file', async () => {
    const source = Readable.from([Buffer.alloc(6), Buffer.alloc(6)]);
    await expect(storage.receive(source, 10)).rejects.toBeInstanceOf(StorageLimitError);
    expect(tmpEntries()).toEqual([]);
  });

  it('refuses any key it did not make, so no path leaves the root', async () => {
    for (const key of [
      '../etc/passwd',
      'files/1/../../x',
      '/etc/passwd',
      'files/1/abc',
      'other/1/x',
    ]) {
      await expect(storage.openRead(key), key).rejects.toThrow(/not a storage key/);
    }
  });

  it('sweeps only temp files nobody wrote to for a while', async () => {
    const stale = path.join(dataDir, 'tmp', 'old.upload');
    writeFileSync(stale, 'x');
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(stale, anHourAgo, anHourAgo);
    writeFileSync(path.join(dataDir, 'tmp', 'live.upload'), 'x');
    expect(await storage.sweepStaleTemp(5 * 60_000, anHourAgo.getTime() + 60 * 60_000)).toBe(1);
    expect(tmpEntries()).toEqual(['live.upload']);
  });

  it('leaves a work folder in use alone however old it looks, and sweeps it once given up', async () => {
    const workDir = await storage.makeWorkDir();
    writeFileSync(path.join(workDir, 'frame.jpg'), 'x');
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(workDir, anHourAgo, anHourAgo);
    const now = anHourAgo.getTime() + 60 * 60_000;
    expect(await storage.sweepStaleTemp(5 * 60_000, now)).toBe(0);
    expect(readdirSync(workDir)).toEqual(['frame.jpg']);

    await storage.removeWorkDir(workDir);
    expect(tmpEntries()).toEqual([]);
    // one left behind by a process that died is swept once it has aged
    const orphan = path.join(dataDir, 'tmp', 'work-orphan');
    mkdirSync(orphan);
    utimesSync(orphan, anHourAgo, anHourAgo);
    expect(await storage.sweepStaleTemp(5 * 60_000, now)).toBe(1);
    expect(tmpEntries()).toEqual([]);
  });
});
