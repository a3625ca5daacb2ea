import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';

/** Asks a child to stop and waits until it has; one that will not within 10 s is killed. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const stubborn = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(stubborn);
}

/**
 * Runs the add-printer page's one-line install command with bash, as on the printer's computer,
 * without sudo or systemd: a `sudo` that just runs its command stands in for the first, and
 * PRINTDECK_INSTALL_ROOT keeps the installer's files in a temporary root and makes it print the
 * start command instead of enabling a service. Whatever it started stops after the file's tests.
 */
export function useInstallRun(name: string) {
  const work = mkdtempSync(path.join(os.tmpdir(), `printdeck-e2e-${name}-`));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    // the agents are gone before their directory goes: one still stopping writes its state
    // there (ENOTEMPTY after five retries of the removal, a loaded machine)
    await Promise.all(children.map(stopChild));
    rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  });

  const bash = (script: string, env: Record<string, string>) => {
    const child = spawn('bash', ['-c', script], { cwd: work, env });
    children.push(child);
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    // the exit code once the output is read too ('close'): at the exit it may still be in the pipes
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    return { exited, output: () => output };
  };

  const shims = path.join(work, 'bin');
  const PATH = `${shims}:${process.env.PATH ?? '/usr/bin:/bin'}`;

  return {
    /** Runs the shown command to its end; answers the agent's start command it printed. */
    async install(command: string, env: Record<string, string> = {}): Promise<string> {
      mkdirSync(shims, { recursive: true });
      writeFileSync(path.join(shims, 'sudo'), '#!/bin/sh\nexec "$@"\n');
      chmodSync(path.join(shims, 'sudo'), 0o755);
      const install = bash(command, {
        PATH,
        HOME: work,
        PRINTDECK_INSTALL_ROOT: path.join(work, 'root'),
        ...env,
      });
      expect(await install.exited, install.output()).toBe(0);
      const start = /^ {2}(.+ --config .+)$/m.exec(install.output())?.[1];
      expect(start, install.output()).toBeDefined();
      return start!;
    },
    /** Starts the installed agent with its start command; it runs until the tests end. */
    startAgent(start: string, env: Record<string, string> = {}) {
      return bash(start, { PATH, HOME: work, ...env });
    },
  };
}
