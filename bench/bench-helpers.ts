import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../apps/server/test-support/free-port.js';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The built server that `npm start` runs once the build is up to date. */
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
export const CLI_ENTRY = path.join(ROOT, 'apps/server/dist/cli.js');

/** The user every bench signs in as. */
export const BENCH_USER = { email: 'bench@example.com', password: 'a benchmark passphrase' };

export { findFreePort };

/** The inspector's sampling profiler of this process, from now until `stop` writes what it saw
 * (Chrome DevTools format). */
export async function startProfiler() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string): Promise<void> {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** CPU time a process has used so far (user + system, ms), from /proc. */
export function cpuMilliseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux)
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** The most the process has held in memory (VmHWM) since its start or `resetPeakRss`. */
export function peakRssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Starts a new peak for `peakRssMegabytes` (Linux: `5` into clear_refs resets VmHWM). */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * s3rver in its own process (bench/s3-server-process.ts), so its CPU is not the bench's; the
 * server environment for its bucket, and its pid.
 */
export async function startS3ServerProcess(): Promise<{
  env: Record<string, string>;
  pid: number;
  stop(): Promise<void>;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/s3-server-process.ts')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = () => stopProduct(child);
  try {
    let output = '';
    for await (const chunk of child.stdout!) {
      output += String(chunk);
      if (output.includes('\n')) break;
    }
    const env = JSON.parse(output.split('\n')[0]!) as Record<string, string>;
    return { env, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The environment of a measured instance: embedded SQLite, no Redis, whatever the shell has. */
export function productEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, ...SERVER_ENV, DATABASE_URL: '', REDIS_URL: '', ...env };
}

/**
 * Starts the built server (`apps/server/dist/main.js`) and resolves once /api/health answers,
 * with the time from spawn to that answer. The bench runs the build check once beforehand,
 * so a source edited meanwhile cannot slip a rebuild into a measured start.
 */
export async function startProduct(
  env: NodeJS.ProcessEnv,
  /** node arguments of the bench's own (the shell's BENCH_SERVER_NODE_ARGS come after) */
  benchNodeArgs: string[] = [],
): Promise<{ child: ChildProcess; startupMs: number; url: string }> {
  const started = performance.now();
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server
  const nodeArgs = [
    // as `npm start` starts it (scripts/server-process.mjs)
    ...SERVER_NODE_FLAGS,
    ...benchNodeArgs,
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    env: productEnv(env),
    // BENCH_SERVER_LOG=1 shows the server's log (pino, on stdout) as it runs
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const url = `http://127.0.0.1:${env.PORT}`;
  // generous: on the shared 2-core machine under load a start has taken 12 s (more at load ~40:
  // BENCH_START_TIMEOUT_MS raises it)
  const startMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 30_000);
  const deadline = started + startMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${errors.join('')}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        reportUnexpectedExit(child, errors);
        return { child, startupMs: performance.now() - started, url };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGKILL');
  throw new Error(
    `the server did not answer /api/health within ${startMs / 1000} s:\n${errors.join('')}`,
  );
}

const STOPPING = new WeakSet<ChildProcess>();

/**
 * A measured server that dies on its own (a crash, the kernel's OOM killer) shows only as its
 * clients' broken connections: say so, with its exit and its standard error.
 */
function reportUnexpectedExit(child: ChildProcess, errors: string[]): void {
  child.once('exit', (code, signal) => {
    if (STOPPING.has(child)) return;
    console.error(
      `the server (pid ${child.pid}) exited during the bench: code ${code}, signal ${signal}\n${errors.join('')}`,
    );
  });
}

export async function stopProduct(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  STOPPING.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Creates the bench's user with the built CLI, on the database the product's `env` names. */
export function createBenchUser(env: NodeJS.ProcessEnv): void {
  execFileSync(
    process.execPath,
    [CLI_ENTRY, 'user', 'create', '--email', BENCH_USER.email, '--password', BENCH_USER.password],
    { env: productEnv(env) },
  );
}

/** Signs the bench's user in; answers the access token. */
export async function signIn(url: string): Promise<string> {
  const { access } = (await callApi(url, null, 'POST', '/api/tokens/', {
    username: BENCH_USER.email,
    password: BENCH_USER.password,
  })) as { access: string };
  return access;
}

/** One request as given (a form, a stream); the JSON answer. A failed request throws with its body. */
export async function fetchJson(url: string, pathName: string, init: RequestInit = {}) {
  const response = await fetch(`${url}${pathName}`, init);
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${init.method ?? 'GET'} ${pathName}: ${response.status} ${text}`);
  }
  return text ? JSON.parse(text) : null;
}

/** One API call with JSON in and out; a failed call throws with its status and body. */
export function callApi(
  url: string,
  token: string | null,
  method: string,
  pathName: string,
  body?: unknown,
) {
  return fetchJson(url, pathName, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

/** A new workspace of the bench's user; answers its id. */
export async function createWorkspace(product: SignedInProduct, name: string): Promise<number> {
  return (await callApi(product.url, product.access, 'POST', '/api/users/me/groups/', { name }))
    .id as number;
}

/**
 * A printer added to a workspace as a person adds one: a new device key, then the printer with
 * it. Answers the key (for the agent that dials in with it) and the printer's id.
 */
export async function addBenchPrinter(
  server: { url: string; access: string },
  workspaceId: number,
  name: string,
): Promise<{ key: string; printerId: number }> {
  const { token } = await callApi(server.url, server.access, 'POST', '/api/device_keys/', {
    group: workspaceId,
  });
  const printer = await callApi(server.url, server.access, 'POST', '/api/printers/', {
    group: workspaceId,
    name,
    token,
  });
  return { key: token as string, printerId: printer.id as number };
}

/** `work(0 … count-1)`, `size` at a time, the answers in order. */
export async function inBatches<T>(
  count: number,
  size: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, i) => work(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

export interface SignedInProduct {
  child: ChildProcess;
  url: string;
  /** the bench user's access token */
  access: string;
  dataDir: string;
  /** Stops the product and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * What most benches start from: the built product on a fresh data directory (or `dataDir`) and
 * a free port, with the bench's user created and signed in. `env` adds to the product's.
 */
export async function startSignedInProduct(options: {
  name: string;
  dataDir?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<SignedInProduct> {
  const dataDir =
    options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `printdeck-bench-${options.name}-`));
  const port = await findFreePort();
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  createBenchUser(env);
  const { child, url } = await startProduct(env, options.nodeArgs);
  const stop = async () => {
    await stopProduct(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { child, url, access: await signIn(url), dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
