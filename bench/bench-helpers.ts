import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The built server that `npm start` runs once the build is up to date. */
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
export const CLI_ENTRY = path.join(ROOT, 'apps/server/dist/cli.js');

export async function findFreePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** The environment of a measured instance: embedded SQLite, no Redis, whatever the shell has. */
export function productEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env };
}

/**
 * Starts the built server (`apps/server/dist/main.js`) and resolves once /api/health answers,
 * with the time from spawn to that answer. The bench runs the build check once beforehand,
 * so a source edited meanwhile cannot slip a rebuild into a measured start.
 */
export async function startProduct(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; startupMs: number; url: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: productEnv(env),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = started + 10_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${errors.join('')}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { child, startupMs: performance.now() - started, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within 10 s:\n${errors.join('')}`);
}

export async function stopProduct(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
