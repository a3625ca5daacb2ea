import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterDeviceState } from '@printdeck/shared';
import { startVirtualOctoPrint, type VirtualOctoPrint } from '@printdeck/simulator';
import type { BuiltUser } from '@printdeck/server/test-support/factories.js';
import {
  startServerWithWorkspace,
  type TestServer,
} from '@printdeck/server/test-support/test-server.js';
import { eventually } from '@printdeck/agent-core/test-support';

/**
 * The agent's command line as a service runs it (issue 30): OctoPrint's key comes from the
 * server, the agent follows OctoPrint with one push socket, and SIGTERM ends it within 5 s
 * while OctoPrint still runs.
 */
const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const STOP_LIMIT_MS = 5000;

let t: TestServer;
let user: BuiltUser;
let workspace: number;
let stateDir: string;
let sim: VirtualOctoPrint;
let child: ChildProcess | null = null;

beforeAll(async () => {
  ({ t, user, workspaceId: workspace } = await startServerWithWorkspace());
  stateDir = await mkdtemp(path.join(tmpdir(), 'printdeck-agent-stop-'));
  sim = await startVirtualOctoPrint({ speed: 0, tickMs: 10, pushIntervalMs: 20 });
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await sim?.close();
  await t?.close();
  await rm(stateDir, { recursive: true, force: true });
});

const api = (p: string, init: Parameters<TestServer['api']>[1] = {}) =>
  t.api(p, { token: user.access, ...init });

describe('the agent started without an OctoPrint key', () => {
  it('opens one push socket and exits within 5 s of SIGTERM while OctoPrint runs', async () => {
    const key = (await api('/api/device_keys/', { method: 'POST' })).body.token as string;
    const added = await api('/api/printers/', {
      method: 'POST',
      body: { group: workspace, name: 'Key from the server', token: key, api_key: sim.apiKey },
    });
    expect(added.status, added.text).toBe(201);
    let output = '';
    child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--server', t.baseUrl, '--key', key, '--octoprint', sim.url],
      { env: { ...process.env, PRINTDECK_STATE_DIR: stateDir, LOG_LEVEL: 'info' } },
    );
    child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));

    await eventually(
      'the printer ready',
      async () => {
        const rows = (await api(`/api/groups/${workspace}/devices-states/`))
          .body as PrinterDeviceState[];
        return rows.find((row) => row.printer_id === added.body.id)?.printer_state;
      },
      (state) => state === 'READY_TO_PRINT',
      // tsx compiles the command line first: 17 s seen on a loaded machine
      45_000,
    );
    await eventually(
      'following OctoPrint',
      () => output,
      (o) => o.includes('following OctoPrint'),
    );
    expect(sim.pushSocketsOpened(), output).toBe(1);
    expect(output).not.toMatch(/OctoPrint refused the API key/);

    const stopAsked = Date.now();
    child.kill('SIGTERM');
    const stop = await Promise.race([
      exited.then((code) => ({ code, ms: Date.now() - stopAsked })),
      new Promise((resolve) => setTimeout(() => resolve('still running'), STOP_LIMIT_MS)),
    ]);
    expect(stop, output).toMatchObject({ code: 0 });
    expect(output).not.toContain('did not stop in time'); // a clean stop, not the safety net
    expect(sim.pushSocketsOpened(), output).toBe(1);
  });
});
