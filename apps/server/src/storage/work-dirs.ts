import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How often a work folder in use is touched, well inside the temp sweep's age limit. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Work folders in the temp area (an encode's frames and output). Those in use are skipped by
 * this process's temp sweep and touched every minute, so another server sharing the volume
 * sees them as live however long the work takes; one left by a crash ages and is swept.
 */
export function createWorkDirRegistry(tmpDir: string) {
  const inUse = new Set<string>();
  let toucher: NodeJS.Timeout | null = null;

  /** Adding and removing an entry sets the folder's mtime by the filesystem's own clock. */
  function touchAll(): void {
    for (const name of inUse) {
      const marker = path.join(tmpDir, name, '.in-use');
      writeFile(marker, '')
        .then(() => rm(marker, { force: true }))
        .catch(() => undefined);
    }
  }

  return {
    async make(): Promise<string> {
      const dir = await mkdtemp(path.join(tmpDir, 'work-'));
      inUse.add(path.basename(dir));
      if (!toucher) {
        toucher = setInterval(touchAll, TOUCH_INTERVAL_MS);
        toucher.unref();
      }
      return dir;
    },

    async remove(dir: string): Promise<void> {
      await rm(dir, { recursive: true, force: true });
      inUse.delete(path.basename(dir));
      if (inUse.size === 0 && toucher) {
        clearInterval(toucher);
        toucher = null;
      }
    },

    isInUse: (name: string) => inUse.has(name),
  };
}
