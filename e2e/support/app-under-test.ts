import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpCapture, type SmtpCapture } from '../../apps/server/test-support/smtp-capture.js';
import { findFreePort } from '../../apps/server/test-support/free-port.js';
import { startCliHost, type CliHost } from './cli-host-client.js';
import { logTiming, readProcessCpuMs, timed } from './timing-log.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface AppUnderTest {
  url: string;
  smtp: SmtpCapture;
  /** the instance's DATA_DIR (its SQLite file, uploads) */
  dataDir: string;
  /**
   * Runs a command of the server's CLI (`runCli`, what `apps/server/dist/cli.js` runs) on this
   * instance's data through the one CLI kept loaded for the file (cli-host.mjs), loaded with the
   * file's first command, or at the server's start with `cliHost`. A start of the CLI costs about
   * as much CPU as loading the host, so a file pays one load however many commands it runs.
   */
  runCli(...args: string[]): Promise<string>;
  /** what the server printed so far, for failure messages */
  logs(): string;
  /** CPU ms the server and the CLI host used so far (the timing log's per-test figures) */
  readCpuMs(): { server: number | null; cliHost: number | null };
  stop(): Promise<void>;
}

/** Why a start did not give a server: another one answered on the port, or the port was taken. */
class PortTakenError extends Error {}

/**
 * Waits until this child answers /api/health. The answer must carry the child's own
 * `environment` token: a server of another test that took the port in the meantime answers
 * with its own, and this child then fails to listen.
 */
async function waitForHealth(
  url: string,
  token: string,
  child: ChildProcess,
  output: string[],
): Promise<void> {
  // up to a minute: two files start their servers side by side on a loaded machine
  for (let attempt = 0; attempt < 1_200; attempt += 1) {
    if (child.exitCode !== null) {
      const log = output.join('');
      if (log.includes('EADDRINUSE')) throw new PortTakenError(log);
      throw new Error(`server exited:\n${log}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        const { environment } = (await response.json()) as { environment?: string };
        if (environment === token) return;
        throw new PortTakenError(`another server answers on ${url} (${environment})`);
      }
    } catch (error) {
      if (error instanceof PortTakenError) throw error;
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start:\n${output.join('')}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The built product (what `npm start` runs) on its own port, data and SMTP server. */
interface AppOptions {
  env?: Record<string, string>;
  /** load the CLI host once the server is up rather than with the first command (files whose
   * tests all make accounts: its load then overlaps the first test's browser set-up) */
  cliHost?: boolean;
}

export async function startAppUnderTest(options: AppOptions = {}): Promise<AppUnderTest> {
  // the port is free when chosen and taken when the server listens; a rare clash is retried
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await timed('server start', () => startOnce(options));
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

async function startOnce(options: AppOptions): Promise<AppUnderTest> {
  const smtp = await startSmtpCapture();
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-e2e-'));
  // reported by /api/health, so the wait knows the answer comes from this instance; `test-`
  // makes it a test server, which may hash passwords at the test cost
  const token = `test-e2e-${randomBytes(6).toString('hex')}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    PUBLIC_URL: url,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    ENVIRONMENT: token,
    PASSWORD_HASH_COST: 'test',
    // the web app's deadlines (states poll, camera, offline grace) at test speed
    WEB_DEADLINES: 'test',
    ...options.env,
  };
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  let cliHost: CliHost | undefined;
  const stop = async () => {
    logTiming('server CPU at stop', {
      cpuMs: readProcessCpuMs(child.pid),
      cliHostCpuMs: readProcessCpuMs(cliHost?.pid),
    });
    await cliHost?.stop();
    await stopChild(child);
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, env.ENVIRONMENT, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  logTiming('server CPU at start', { cpuMs: readProcessCpuMs(child.pid) });
  // loads once the server is up (not competing with its start); the first command waits for it
  if (options.cliHost) cliHost = startCliHost(env);
  const loadedCliHost = () => (cliHost ??= startCliHost(env));

  return {
    url,
    smtp,
    dataDir,
    runCli: (...args) => timed(`cli ${args[0]} ${args[1]}`, () => loadedCliHost().run(args)),
    logs: () => output.join(''),
    readCpuMs: () => ({
      server: readProcessCpuMs(child.pid),
      cliHost: readProcessCpuMs(cliHost?.pid),
    }),
    stop,
  };
}
