import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuiltUser } from '@printdeck/server/test-support/factories.js';
import { findFreePort } from '@printdeck/server/test-support/free-port.js';
import {
  startServerWithWorkspace,
  type TestServer,
} from '@printdeck/server/test-support/test-server.js';
import { startVirtualMoonraker } from '@printdeck/simulator';

/**
 * install.sh's check after it starts the service (issue 24), without systemd: the installer
 * runs in a scratch root (PRINTDECK_INSTALL_ROOT) with PRINTDECK_SERVICE_MANAGER pointing at a
 * small service manager of this test, which starts the installed agent in the background, says
 * whether it runs and shows its log. The installer waits for the agent's own word
 * (`<state dir>/connection`) that it reached the server.
 */

const run = promisify(execFile);
const BUILD_SCRIPT = fileURLToPath(new URL('../build.mjs', import.meta.url));
const INSTALLER = fileURLToPath(new URL('../install.sh', import.meta.url));

let t: TestServer;
let user: BuiltUser;
let workspace: number;
let work: string;
let moonrakerUrl: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'printdeck-install-service-'));
  cleanups.push(() => rm(work, { recursive: true, force: true, maxRetries: 5 }));
  const agentDir = path.join(work, 'served');
  await run(process.execPath, [BUILD_SCRIPT, agentDir]);
  const port = await findFreePort();
  ({
    t,
    user,
    workspaceId: workspace,
  } = await startServerWithWorkspace({
    port,
    agentDir,
    env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
  }));
  const sim = await startVirtualMoonraker({ speed: 0, tickMs: 10, statusIntervalMs: 20 });
  moonrakerUrl = sim.url;
  cleanups.push(() => sim.close());
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t?.close();
});

let sequence = 0;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A scratch root and its service manager. `start` runs the agent as the unit would (its node,
 * bundle and config), after `beforeStart` (a shell line) had its say; `state` answers active
 * while that process lives; `log` prints its last lines.
 */
async function scratchService(beforeStart: (conf: string) => string = () => '') {
  sequence += 1;
  const root = path.join(work, `root-${sequence}`);
  const manager = path.join(root, 'service-manager');
  await mkdir(root, { recursive: true });
  const conf = `${root}/etc/printdeck-agent/agent.conf`;
  await writeFile(
    manager,
    [
      '#!/bin/bash',
      `pidfile='${root}/agent.pid'; log='${root}/agent.log'`,
      'case "$1" in',
      `  start) ${beforeStart(conf)}`,
      `    nohup '${process.execPath}' '${root}/opt/printdeck-agent/printdeck-agent.cjs' --config '${conf}' >"$log" 2>&1 &`,
      '    echo $! >"$pidfile" ;;',
      '  state) if kill -0 "$(cat "$pidfile")" 2>/dev/null; then echo active; else echo failed; fi ;;',
      '  log) tail -n 15 "$log" ;;',
      'esac',
      '',
    ].join('\n'),
  );
  await chmod(manager, 0o755);
  cleanups.push(async () => {
    const pid = Number(await readFile(`${root}/agent.pid`, 'utf8').catch(() => ''));
    if (pid > 0 && isRunning(pid)) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone since
      }
      // gone before the folder is removed: an agent still stopping writes its state there
      // (the removal failed once with ENOTEMPTY in CI)
      await vi
        .waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 10_000 })
        .catch(() => undefined); // a zombie nobody reaps still "runs": the removal retries
    }
  });
  return { root, manager };
}

async function install(
  service: { root: string; manager: string },
  key: string,
  env: Record<string, string> = {},
) {
  const child = spawn(
    'bash',
    [
      '-c',
      `echo '${key}' | bash '${INSTALLER}' --server '${t.baseUrl}' --moonraker '${moonrakerUrl}'`,
    ],
    {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: service.root,
        PRINTDECK_INSTALL_ROOT: service.root,
        PRINTDECK_SERVICE_MANAGER: service.manager,
        ...env,
      },
      cwd: service.root,
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the output read below may still be in the pipes at the exit
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, output };
}

async function printerKey(name: string): Promise<string> {
  const key = (
    await t.api('/api/device_keys/', {
      method: 'POST',
      token: user.access,
      body: { group: workspace },
    })
  ).body.token as string;
  const created = await t.api('/api/printers/', {
    method: 'POST',
    token: user.access,
    body: { group: workspace, name, token: key },
  });
  expect(created.status, created.text).toBe(201);
  return key;
}

describe('install.sh after it starts the service', () => {
  it('waits for the agent to say it reached the server, then says so', async () => {
    const service = await scratchService();
    const result = await install(service, await printerKey('Started'));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(
      `The Printdeck agent is running and connected to ${t.baseUrl}. Logs: ${service.manager} log`,
    );
    expect(await readFile(`${service.root}/var/lib/printdeck-agent/connection`, 'utf8')).toMatch(
      /^connected \d{4}-/,
    );
  });

  it('a service that stops at once: says so and shows its last log lines', async () => {
    const service = await scratchService();
    // a key the server does not know: the agent is sent away and exits
    const result = await install(service, 'pd_unknown.notakeyofthisserver');
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain('the printdeck-agent service did not stay running');
    expect(result.output).toContain(`Its last log lines (${service.manager} log):`);
    expect(result.output).toMatch(/printdeck-agent stopped: .+/);
  });

  it('an agent that runs but cannot reach the server: says so within the wait, with the log and what to check', async () => {
    // the service sees another address than the one the installer downloaded from: nothing listens there
    const closed = await findFreePort();
    const service = await scratchService(
      (conf) =>
        `sed -i 's#^PRINTDECK_SERVER=.*#PRINTDECK_SERVER=http://127.0.0.1:${closed}#' '${conf}';`,
    );
    const result = await install(service, await printerKey('Unreachable'), {
      PRINTDECK_CONNECT_WAIT_SECONDS: '4',
    });
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(
      `the agent runs but has not connected to ${t.baseUrl} within 4 s`,
    );
    expect(result.output).toContain(`127.0.0.1:${closed}`);
    expect(result.output).toContain(`Check that this computer can reach ${t.baseUrl}`);
  });
});
