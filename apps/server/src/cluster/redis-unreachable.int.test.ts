import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { createTestStorage } from '../../test-support/test-database.js';

const SERVER_MAIN = path.resolve(import.meta.dirname, '../main.ts');

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('REDIS_URL that cannot be reached', () => {
  it('stops the start with a message naming REDIS_URL, without its password, and exits non-zero', async () => {
    const storage = await createTestStorage();
    try {
      const redisUrl = `redis://:hunter2-secret@127.0.0.1:${await closedPort()}`;
      const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
        env: {
          ...process.env,
          REDIS_URL: redisUrl,
          PORT: String(await closedPort()),
          HOST: '127.0.0.1',
          DATA_DIR: storage.dataDir,
          DATABASE_URL: storage.databaseUrl ?? '',
          ...(storage.pgSchema ? { PGOPTIONS: `-c search_path=${storage.pgSchema}` } : {}),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // 'close', not 'exit': the output read below may still be in the pipes at the exit
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('REDIS_URL: cannot reach Redis at redis://');
      expect(stderr).not.toContain('hunter2-secret');
    } finally {
      await storage.cleanup();
    }
  });
});
