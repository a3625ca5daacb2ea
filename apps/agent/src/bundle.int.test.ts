import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_VERSION, type PrinterDeviceState } from '@printdeck/shared';
import { startVirtualMoonraker, startVirtualOctoPrint } from '@printdeck/simulator';
import type { BuiltUser } from '@printdeck/server/test-support/factories.js';
import {
  startServerWithWorkspace,
  type TestServer,
} from '@printdeck/server/test-support/test-server.js';
import { eventually } from '@printdeck/agent-core/test-support';

/**
 * The bundle `npm run build:agent` makes, copied alone into an empty folder outside the
 * repository and run with `node` only: no node_modules, no workspace packages.
 */

const run = promisify(execFile);
const BUILD_SCRIPT = fileURLToPath(new URL('../build.mjs', import.meta.url));

let t: TestServer;
let user: BuiltUser;
let workspace: number;
let runDir: string;
let bundle: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  const buildDir = await mkdtemp(path.join(tmpdir(), 'printdeck-agent-build-'));
  runDir = await mkdtemp(path.join(tmpdir(), 'printdeck-agent-run-'));
  cleanups.push(() => rm(buildDir, { recursive: true, force: true }));
  cleanups.push(() => rm(runDir, { recursive: true, force: true }));
  await run(process.execPath, [BUILD_SCRIPT, buildDir]);
  bundle = path.join(runDir, 'printdeck-agent.cjs');
  await copyFile(path.join(buildDir, 'printdeck-agent.cjs'), bundle);
  ({ t, user, workspaceId: workspace } = await startServerWithWorkspace());
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t?.close();
});

/** `node <bundle> …` in the empty folder, with nothing but PATH and HOME from outside. */
const env = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: runDir });

function startBundle(args: string[]): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [bundle, ...args], { cwd: runDir, env: env() });
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  return { child, output: () => output };
}

const api = (p: string, init: Parameters<TestServer['api']>[1] = {}) =>
  t.api(p, { token: user.access, ...init });

async function addPrinterWithKey(name: string): Promise<{ id: number; key: string }> {
  const key = (await api('/api/device_keys/', { method: 'POST' })).body.token as string;
  const created = await api('/api/printers/', {
    method: 'POST',
    body: { group: workspace, name, token: key },
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id as number, key };
}

const printerState = async (id: number) => {
  const rows = (await api(`/api/groups/${workspace}/devices-states/`)).body as PrinterDeviceState[];
  return rows.find((row) => row.printer_id === id)?.printer_state;
};

describe('the agent bundle', () => {
  it('is the only file in its folder and tells its version', async () => {
    expect(await readdir(runDir)).toEqual(['printdeck-agent.cjs']);
    const { stdout } = await run(process.execPath, [bundle, '--version'], {
      cwd: runDir,
      env: env(),
    });
    expect(stdout.trim()).toBe(`printdeck-agent ${RELEASE_VERSION}`);
  });

  it('says what is wrong with a bad option or config file, with exit code 2', async () => {
    const bad = await run(process.execPath, [bundle, '--colour', 'red'], {
      cwd: runDir,
      env: env(),
    }).catch((error: { code: number; stderr: string }) => error);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining("'--colour'") });
    await writeFile(path.join(runDir, 'bad.conf'), 'PRINTDECK_SERVER=ftp://x\n');
    const badFile = await run(process.execPath, [bundle, '--config', 'bad.conf'], {
      cwd: runDir,
      env: env(),
    }).catch((error: { code: number; stderr: string }) => error);
    expect(badFile).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--server must be a URL starting with http://'),
    });
    await rm(path.join(runDir, 'bad.conf'));
  });

  it('connects a simulated OctoPrint from an env-style config file', async () => {
    const sim = await startVirtualOctoPrint({ speed: 0, tickMs: 10, pushIntervalMs: 20 });
    cleanups.push(() => sim.close());
    const { id, key } = await addPrinterWithKey('Bundled OctoPrint');
    const conf = path.join(runDir, 'octoprint.conf');
    await writeFile(
      conf,
      [
        `PRINTDECK_SERVER=${t.baseUrl}`,
        `PRINTDECK_KEY=${key}`,
        `OCTOPRINT_URL=${sim.url}`,
        `OCTOPRINT_API_KEY=${sim.apiKey}`,
        `PRINTDECK_STATE_DIR=${path.join(runDir, 'state-octoprint')}`,
      ].join('\n'),
      { mode: 0o600 },
    );
    const agent = startBundle(['--config', conf]);
    await eventually(
      'the bundled agent to bring the OctoPrint printer up',
      () => printerState(id),
      (state) => state === 'READY_TO_PRINT',
      15_000,
    );
    expect(agent.output()).toContain('connected to the server');
  });

  it('connects a simulated Moonraker from a JSON config file', async () => {
    const sim = await startVirtualMoonraker({ speed: 0, tickMs: 10, statusIntervalMs: 20 });
    cleanups.push(() => sim.close());
    const { id, key } = await addPrinterWithKey('Bundled Klipper');
    const conf = path.join(runDir, 'moonraker.json');
    await writeFile(
      conf,
      JSON.stringify({
        server: t.baseUrl,
        key,
        moonraker: sim.url,
        'state-dir': path.join(runDir, 'state-moonraker'),
      }),
      { mode: 0o600 },
    );
    startBundle(['--config', conf]);
    await eventually(
      'the bundled agent to bring the Klipper printer up',
      () => printerState(id),
      (state) => state === 'READY_TO_PRINT',
      15_000,
    );
    const klipperInfo = await api(`/api/printers/${id}/klipper-printer-info/`);
    expect(klipperInfo.status, klipperInfo.text).toBe(200);
  });
});
