import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ListedObject, ObjectRange, ObjectStore } from './object-store.js';
import { assertStorageKey, KEY_PATTERN, type StorageArea } from './storage-keys.js';

/**
 * Bytes read from disk per chunk of a download: the default 64 KiB made 800 reads, socket
 * writes and stream hand-overs per 50 MB print file; a MiB cut the serving CPU by about a
 * third (issue 31, docs/benchmarks.md), for at most a MiB held per download.
 */
const READ_CHUNK_BYTES = 1024 * 1024;

const ignoreMissing = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
};

export async function syncPath(target: string, flags = 'r'): Promise<void> {
  const handle = await open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Objects in the data directory (checklist C30, C32): a finished file is synced, then renamed
 * into place from the temp area `tmpDir` on the same filesystem, so a crash never leaves half a file;
 * paths come from server-made keys only and are checked to stay under the root.
 */
export function createLocalObjectStore(dataDir: string, tmpDir: string): ObjectStore {
  const root = path.resolve(dataDir);

  function resolveKey(key: string): string {
    const resolved = path.resolve(root, assertStorageKey(key));
    if (!resolved.startsWith(root + path.sep)) {
      throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    }
    return resolved;
  }

  async function statFile(key: string) {
    const info = await stat(resolveKey(key)).catch((error: unknown) => ignoreMissing(error));
    return info?.isFile() ? info : null;
  }

  async function moveIntoPlace(source: string, key: string): Promise<void> {
    const target = resolveKey(key);
    await syncPath(source);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(source, target);
    await syncPath(path.dirname(target));
  }

  return {
    description: `the data directory ${root}`,

    putFile: moveIntoPlace,

    async putBuffer(key: string, data: Buffer): Promise<void> {
      const tempPath = path.join(tmpDir, `${randomUUID()}.object`);
      try {
        const handle = await open(tempPath, 'wx');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await moveIntoPlace(tempPath, key);
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
    },

    async remove(keys: string[]): Promise<void> {
      await Promise.all(keys.map((key) => rm(resolveKey(key), { force: true })));
    },

    sizeOf: async (key: string) => (await statFile(key))?.size ?? null,

    async openRead(key: string, range?: ObjectRange) {
      const info = await statFile(key);
      if (!info) return null;
      return {
        stream: createReadStream(resolveKey(key), { ...range, highWaterMark: READ_CHUNK_BYTES }),
        size: info.size,
      };
    },

    async list(area: StorageArea): Promise<ListedObject[]> {
      const objects: ListedObject[] = [];
      const areaDir = path.join(root, area);
      const folders = await readdir(areaDir).catch((error: unknown) => ignoreMissing(error));
      for (const folder of folders ?? []) {
        const names = await readdir(path.join(areaDir, folder)).catch(() => []);
        for (const name of names) {
          const key = `${area}/${folder}/${name}`;
          if (!KEY_PATTERN.test(key)) continue;
          const info = await statFile(key);
          if (info) objects.push({ key, mtimeMs: info.mtimeMs });
        }
      }
      return objects;
    },

    localPath: async (key: string) => ((await statFile(key)) ? resolveKey(key) : null),

    check: async () => undefined,

    close: () => undefined,
  };
}
