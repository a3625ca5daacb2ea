import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { runCli } from './cli/run-cli.js';
import { createTestStorage, type TestStorage } from '../test-support/test-database.js';
import { findFreePort } from '../test-support/free-port.js';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
let storage: TestStorage;
let env: NodeJS.ProcessEnv;

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
  // a test that fails half-way leaves no server process behind
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  await waitForLog(lines, (l) => l.some((line) => line.includes('Printdeck is running')), child);

  const base = `http://127.0.0.1:${env.PORT}`;
  // A sign-in held in flight on purpose: its headers and half its body are sent, the rest only
  // after the server has begun to shut down.
  const body = JSON.stringify({ username: 'ops@example.com', password: 'a long passphrase' });
  const held = request(`${base}/api/tokens/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    held.on('error', reject);
    held.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }),
      );
    });
  });
  // awaited below; a failure before that must not leave its rejection unhandled (with modules
  // shared, it surfaced as an unhandled "socket hang up" in the worker's next file)
  answer.catch(() => undefined);
  held.write(body.slice(0, 20));
  await waitForLog(lines, (l) => l.some((line) => line.includes('incoming request')), child);
  child.kill('SIGTERM');
  await waitForLog(lines, (l) => l.some((line) => line.includes('shutting down')), child);

  // no longer accepting: a new connection is refused while the held request is still open
  await expect
    .poll(() =>
      fetch(`${base}/api/health`).then(
        () => 'answered',
        () => 'refused',
      ),
    )
    .toBe('refused');
  expect(lines.some((line) => line.includes('"stopped"'))).toBe(false);

  held.end(body.slice(20));
  const answered = await answer;
  expect(answered.status).toBe(200);
  expect(Object.keys(JSON.parse(answered.body)).sort()).toEqual(['access', 'refresh']);
  expect(await exited).toBe(0);
  expect(lines.some((line) => line.includes('"stopped"'))).toBe(true);
  await expect(fetch(`${base}/api/health`)).rejects.toThrow();
});
