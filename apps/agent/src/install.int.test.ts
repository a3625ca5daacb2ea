import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentInstallInfoSchema,
  buildAgentInstallCommand,
  type PrinterDeviceState,
} from '@printdeck/shared';
import { startVirtualMoonraker } from '@printdeck/simulator';
import type { BuiltUser } from '@printdeck/server/test-support/factories.js';
import {
  startServerWithWorkspace,
  type TestServer,
} from '@printdeck/server/test-support/test-server.js';
import { eventually } from '@printdeck/agent-core/test-support';
import { findFreePort } from '@printdeck/server/test-support/free-port.js';

/**
 * The install command the add-printer page shows, run with bash as it is, against a local
 * server that hands out a freshly built agent. There is no sudo and no systemd here: a `sudo`
 * on PATH that just runs its command stands in for the first, and PRINTDECK_INSTALL_ROOT makes
 * the installer put its files under a temporary root and skip the service, printing the
 * command that starts the agent; the test runs that command.
 */

const run = promisify(execFile);
const BUILD_SCRIPT = fileURLToPath(new URL('../build.mjs', import.meta.url));

let t: TestServer;
let user: BuiltUser;
let workspace: number;
let work: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'printdeck-install-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
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
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t?.close();
});

const api = (p: string, init: Parameters<TestServer['api']>[1] = {}) =>
  t.api(p, { token: user.access, ...init });

function bash(script: string, cwd: string, env: Record<string, string>) {
  let output = '';
  const child: ChildProcess = spawn('bash', ['-c', script], { cwd, env });
  child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
  const ended = new Promise((resolve) => child.once('exit', resolve));
  // the exit code once the output is read too ('close'): at the exit it may still be in the pipes
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await ended;
  });
  return { exited, output: () => output };
}

describe('the install command', () => {
  it('is handed out with the server address, and the agent files are served', async () => {
    const info = AgentInstallInfoSchema.parse((await api('/api/agent/install/')).body);
    expect(info).toMatchObject({ server_url: t.config.publicUrl, is_available: true });
    const script = await fetch(`${t.baseUrl}/agent/install.sh`);
    expect(script.status).toBe(200);
    expect(await script.text()).toMatch(/^#!\/usr\/bin\/env bash/);
    const unit = await fetch(`${t.baseUrl}/agent/printdeck-agent.service`);
    expect(await unit.text()).toContain('ExecStart=');
    expect((await fetch(`${t.baseUrl}/agent/nothing.sh`)).status).toBe(404);
    expect((await t.api('/api/agent/install/')).status).toBe(401);
  });

  it('installs the agent as shown, and the printer connects', async () => {
    const sim = await startVirtualMoonraker({ speed: 0, tickMs: 10, statusIntervalMs: 20 });
    cleanups.push(() => sim.close());
    const key = (await api('/api/device_keys/', { method: 'POST', body: { group: workspace } }))
      .body.token as string;
    const created = await api('/api/printers/', {
      method: 'POST',
      body: { group: workspace, name: 'Installed Klipper', token: key },
    });
    expect(created.status, created.text).toBe(201);
    const info = AgentInstallInfoSchema.parse((await api('/api/agent/install/')).body);
    // exactly what the page builds from the same answer (PrinterInstallPanel)
    const command = buildAgentInstallCommand({
      serverUrl: info.server_url,
      deviceKey: key,
      kind: 'moonraker',
      printerUrl: sim.url,
    });

    const shims = path.join(work, 'bin');
    await mkdir(shims, { recursive: true });
    await writeFile(path.join(shims, 'sudo'), '#!/bin/sh\nexec "$@"\n');
    await chmod(path.join(shims, 'sudo'), 0o755);
    const root = path.join(work, 'root');
    const home = path.join(work, 'home');
    await mkdir(home, { recursive: true });
    const env = {
      PATH: `${shims}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: home,
      PRINTDECK_INSTALL_ROOT: root,
    };
    const install = bash(command, home, env);
    expect(await install.exited, install.output()).toBe(0);

    const conf = path.join(root, 'etc/printdeck-agent/agent.conf');
    expect((await stat(conf)).mode & 0o777).toBe(0o600);
    expect(await readFile(conf, 'utf8')).toContain(`PRINTDECK_KEY=${key}\n`);
    const start = /^ {2}(.+ --config .+)$/m.exec(install.output())?.[1];
    expect(start, install.output()).toBe(
      `${process.execPath} ${root}/opt/printdeck-agent/printdeck-agent.cjs --config ${conf}`,
    );
    const agent = bash(start!, home, { PATH: env.PATH, HOME: home });
    await eventually(
      'the installed agent to connect',
      async () =>
        ((await api(`/api/groups/${workspace}/devices-states/`)).body as PrinterDeviceState[]).find(
          (row) => row.printer_id === created.body.id,
        )?.printer_state,
      (state) => state === 'READY_TO_PRINT',
      15_000,
    );
    expect(agent.output()).toContain('connected to the server');
    // the key went in on standard input: no request line the server logged holds it
    const secret = key.split('.')[1]!;
    expect(JSON.stringify(t.logs)).not.toContain(secret);
  });

  it('refuses without a key on standard input, or with a bad option, and says why', async () => {
    const script = path.join(work, 'install.sh');
    await writeFile(script, await (await fetch(`${t.baseUrl}/agent/install.sh`)).text());
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', PRINTDECK_INSTALL_ROOT: work };
    const noKey = bash(
      `bash ${script} --server ${t.baseUrl} --octoprint http://x </dev/null`,
      work,
      env,
    );
    expect(await noKey.exited).toBe(2);
    expect(noKey.output()).toContain('no device key on standard input');
    const both = bash(
      `echo k | bash ${script} --server ${t.baseUrl} --octoprint http://a --moonraker http://b`,
      work,
      env,
    );
    expect(await both.exited).toBe(2);
    expect(both.output()).toContain('exactly one');
    const badServer = bash(
      `echo k | bash ${script} --server ftp://x --octoprint http://a`,
      work,
      env,
    );
    expect(await badServer.exited).toBe(2);
    expect(badServer.output()).toContain('--server must be the Printdeck address');
    const bambu = `echo k | bash ${script} --server ${t.baseUrl} --bambu 192.168.1.40`;
    const badSerial = bash(`${bambu} --bambu-serial 'a;b'`, work, env);
    expect(await badSerial.exited).toBe(2);
    expect(badSerial.output()).toContain('--bambu-serial must be the serial number');
    const badCode = bash(`${bambu} --bambu-serial 01P00A451601106`, work, {
      ...env,
      BAMBU_ACCESS_CODE: 'x y',
    });
    expect(await badCode.exited).toBe(2);
    expect(badCode.output()).toContain('the access code is the 8 letters or digits');
  });
});
