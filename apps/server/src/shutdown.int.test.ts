import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from './cli/run-cli.js';
import { createTestStorage, type TestStorage } from './test/test-database.js';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
let storage: TestStorage;
let env: NodeJS.ProcessEnv;

async function findFreePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  storage = await createTestStorage();
  const databaseUrl = storage.pgSchema
    ? `${storage.databaseUrl}?options=-c%20search_path%3D${storage.pgSchema}`
    : '';
  env = {
    ...process.env,
    DATA_DIR: storage.dataDir,
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(await findFreePort()),
    LOG_LEVEL: 'info',
  };
  const quiet = { out: () => undefined, err: () => undefined };
  expect(
    await runCli(
      ['user', 'create', '--email', 'ops@example.com', '--password', 'a long passphrase'],
      env,
      quiet,
    ),
  ).toBe(0);
});
afterAll(() => storage.cleanup());

function waitForLog(
  lines: string[],
  predicate: (lines: string[]) => boolean,
  child: ChildProcess,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => predicate(lines) && (clearInterval(timer), resolve());
    const timer = setInterval(check, 5);
    child.once(
      'exit',
      () => (
        clearInterval(timer),
        predicate(lines) ? resolve() : reject(new Error(lines.join('\n')))
      ),
    );
  });
}

it('on SIGTERM stops accepting, finishes in-flight requests, closes the database and exits 0', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) =>
    lines.push(...chunk.toString().split('\n').filter(Boolean)),
  );
  child.stderr!.on('data', (chunk: Buffer) =>
    lines.push(...chunk.toString().split('\n').filter(Boolean)),
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await waitForLog(lines, (l) => l.some((line) => line.includes('Printdeck is running')), child);

  const base = `http://127.0.0.1:${env.PORT}`;
  const logins = Array.from({ length: 6 }, () =>
    fetch(`${base}/api/tokens/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ops@example.com', password: 'a long passphrase' }),
    }).then((response) => response.status),
  );
  await waitForLog(
    lines,
    (l) => l.filter((line) => line.includes('incoming request')).length >= 6,
    child,
  );
  child.kill('SIGTERM');

  expect(await Promise.all(logins)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(await exited).toBe(0);
  expect(lines.some((line) => line.includes('"stopped"'))).toBe(true);
  await expect(fetch(`${base}/api/health`)).rejects.toThrow();
});
