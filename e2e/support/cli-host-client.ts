import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CLI_HOST_BUNDLE_ENV } from './cli-host-bundle.js';

interface Answer {
  code: number;
  out: string;
  err: string;
}

export interface CliHost {
  /** runs one command (as `cli.js <args>` would), its standard output when it exits with 0 */
  run(args: string[]): Promise<string>;
  stop(): Promise<void>;
  /** the host process's id, for its CPU figure */
  readonly pid: number | undefined;
}

/**
 * The server's command line kept loaded (cli-host.mjs) with the app's environment: one load for
 * all the commands of a file instead of one per command. Commands run one at a time, in order.
 */
export function startCliHost(env: NodeJS.ProcessEnv): CliHost {
  // the run's bundle (browser-server.global-setup.ts); a file run without it loads the sources
  const bundle = process.env[CLI_HOST_BUNDLE_ENV];
  const args = bundle
    ? [bundle]
    : ['--import', 'tsx', path.join(import.meta.dirname, 'cli-host.mjs')];
  const child: ChildProcess = spawn(process.execPath, args, {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting: { args: string[]; resolve(answer: Answer): void; reject(error: Error): void }[] =
    [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    waiting.shift()?.resolve(JSON.parse(line) as Answer);
  });
  child.once('exit', (code) => {
    for (const entry of waiting.splice(0))
      entry.reject(
        new Error(`the CLI host exited (${code}) before answering ${entry.args.join(' ')}`),
      );
  });
  return {
    pid: child.pid,
    async run(args) {
      const answer = await new Promise<Answer>((resolve, reject) => {
        waiting.push({ args, resolve, reject });
        child.stdin!.write(`${JSON.stringify(args)}\n`);
      });
      if (answer.code !== 0)
        throw new Error(`cli ${args.join(' ')} exited with ${answer.code}:\n${answer.err}`);
      return answer.out;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
    },
  };
}
