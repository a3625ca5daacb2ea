import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 24: a start that fails because of a setting says so in one line naming the variable and
 * what to do, exits non-zero, and shows no stack. Each case starts the real server process.
 */

const SERVER_MAIN = path.resolve(import.meta.dirname, '../main.ts');
const work = mkdtempSync(path.join(os.tmpdir(), 'printdeck-startup-'));
const servers: Server[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(work, { recursive: true, force: true });
});

async function listenOn(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A TCP server that accepts every connection and never says a word. */
function silentServer(): Promise<number> {
  return listenOn(createServer((socket) => sockets.push(socket)));
}

let sequence = 0;
async function startServerWith(
  env: Record<string, string>,
  spawnOptions: { uid?: number; gid?: number } = {},
) {
  sequence += 1;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(await closedPort()),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, `data-${sequence}`),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...spawnOptions,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the output read below may still be in the pipes at the exit
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, output: output.trim() };
}

/** One line, starting as main.ts starts it, with the expected words; no stack. */
function expectOneLine(result: { code: number | null; output: string }, expected: string) {
  expect(result.code, result.output).toBe(1);
  expect(result.output, result.output).not.toContain('\n');
  expect(result.output).toMatch(/^Printdeck failed to start: /);
  expect(result.output).toContain(expected);
}

// one server process at a time: each loads the whole server through tsx, which is slow when
// several start together on a busy machine
describe('start-up failures name the setting', { timeout: 60_000 }, () => {
  it('DATABASE_URL that refuses', async () => {
    const port = await closedPort();
    const result = await startServerWith({
      DATABASE_URL: `postgres://printdeck:hunter2-secret@127.0.0.1:${port}/printdeck`,
    });
    expectOneLine(
      result,
      `DATABASE_URL: PostgreSQL at 127.0.0.1:${port}/printdeck refused the connection: check that PostgreSQL runs`,
    );
    expect(result.output).not.toContain('hunter2-secret');
  });

  it('DATABASE_URL that accepts and never answers', async () => {
    const port = await silentServer();
    const result = await startServerWith({
      DATABASE_URL: `postgres://printdeck@127.0.0.1:${port}/printdeck`,
      DATABASE_TIMEOUT_SECONDS: '1',
    });
    expectOneLine(
      result,
      `DATABASE_URL: PostgreSQL at 127.0.0.1:${port}/printdeck accepted the connection but did not answer within 1 s`,
    );
  });

  it('PORT taken by another program', async () => {
    const port = await listenOn(createServer());
    const result = await startServerWith({ PORT: String(port) });
    expectOneLine(result, `PORT=${port} is taken by another program on 127.0.0.1: stop it,`);
  });

  it('DATA_DIR that is a file', async () => {
    const file = path.join(work, 'a-file');
    writeFileSync(file, 'not a folder');
    const result = await startServerWith({ DATA_DIR: file });
    expectOneLine(result, `DATA_DIR=${file} is a file, or lies under one, not a folder`);
  });

  it('DATA_DIR this user cannot write', async () => {
    const folder = path.join(work, 'read-only');
    mkdirSync(folder, { recursive: true });
    chmodSync(work, 0o755);
    chmodSync(folder, 0o555);
    // root may write anywhere: run the server as nobody instead
    const isRoot = process.getuid?.() === 0;
    const result = await startServerWith(
      { DATA_DIR: folder, HOME: work },
      isRoot ? { uid: 65534, gid: 65534 } : {},
    );
    expectOneLine(result, `DATA_DIR=${folder} cannot be written by `);
    expect(result.output).toContain('give that user the folder (chown) or set DATA_DIR');
  });

  it('REDIS_URL that accepts and never answers', async () => {
    const port = await silentServer();
    const result = await startServerWith({ REDIS_URL: `redis://127.0.0.1:${port}` });
    expectOneLine(result, `REDIS_URL: cannot reach Redis at redis://127.0.0.1:${port}`);
    expect(result.output).toContain('or unset REDIS_URL');
  });

  it('REDIS_URL that is not a Redis address', async () => {
    const result = await startServerWith({ REDIS_URL: 'http://127.0.0.1:6379' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('REDIS_URL="http://127.0.0.1:6379": must be a URL starting');
    expect(result.output).not.toMatch(/\n\s+at /);
  });
});
