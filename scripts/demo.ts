/**
 * `npm run demo`: the product on its embedded defaults (like `npm start`) plus seven simulated
 * printers — two OctoPrint, two Klipper, one pill, one Prusa (PrusaLink), one Bambu Lab (LAN) —
 * each driven by a real agent, in the
 * workspace "Demo workspace" of demo@printdeck.local. The first start fills the workspace (sample
 * G-code files, four weeks of ended jobs, a queue, a short print with a timelapse on the printer
 * with a camera); every start sets one printer printing
 * (apps/server/src/demo/demo-seed.ts). PORT, DATA_DIR and DATABASE_URL apply.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.js';
import { seedDemoWorkspace, type DemoSeedResult } from '../apps/server/src/demo/demo-seed.js';
import { startFleet } from '../packages/simulator/src/fleet/index.js';
import { buildIfNeeded } from './build-if-needed.mjs';

const EMAIL = 'demo@printdeck.local';
const PASSWORD = 'printdeck-demo';
const WORKSPACE = 'Demo workspace';
const COUNTS = { octoprint: 2, moonraker: 2, pill: 1, prusalink: 1, bambu: 1 };

const port = process.env.PORT ?? '8080';
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const local = `http://127.0.0.1:${port}`;
const keysFile = path.join(dataDir, 'demo-fleet.json');

async function api<T>(
  pathName: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${local}${pathName}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok)
    throw new Error(
      `${init.method ?? 'GET'} ${pathName} answered ${response.status}: ${await response.text()}`,
    );
  return (await response.json()) as T;
}

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`${local}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start within a minute');
}

function ensureDemoAccount(): void {
  try {
    execFileSync(
      process.execPath,
      ['apps/server/dist/cli.js', 'user', 'create', '--email', EMAIL, '--password', PASSWORD],
      { stdio: 'pipe' },
    );
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '');
    if (!stderr.includes('already exists')) throw error;
  }
}

async function ensureWorkspace(access: string): Promise<number> {
  const workspaces = await api<Array<{ id: number; name: string }>>('/api/users/me/groups/', {
    token: access,
  });
  const existing = workspaces.find((w) => w.name === WORKSPACE);
  if (existing) return existing.id;
  return (
    await api<{ id: number }>('/api/users/me/groups/', {
      method: 'POST',
      token: access,
      body: { name: WORKSPACE },
    })
  ).id;
}

function readSavedKeys(workspaceId: number): string[] | undefined {
  if (!existsSync(keysFile)) return undefined;
  const saved = JSON.parse(readFileSync(keysFile, 'utf8')) as {
    workspaceId?: number;
    keys?: string[];
  };
  return saved.workspaceId === workspaceId ? saved.keys : undefined;
}

/** Sample files, history and queue on the first start; one printer printing on every start. */
async function seedWorkspace(access: string, workspaceId: number): Promise<DemoSeedResult> {
  const database = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
  try {
    return await seedDemoWorkspace({
      baseUrl: local,
      access,
      workspaceId,
      db: database.db,
      now: new Date(),
    });
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  buildIfNeeded();
  mkdirSync(dataDir, { recursive: true });
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    stdio: 'inherit',
    env: process.env,
  });
  server.once('exit', (code) => {
    console.error(`The server stopped (exit code ${code}).`);
    process.exit(code ?? 1);
  });
  await waitForHealth();
  ensureDemoAccount();
  const { access } = await api<{ access: string }>('/api/tokens/', {
    method: 'POST',
    body: { username: EMAIL, password: PASSWORD },
  });
  const workspaceId = await ensureWorkspace(access);
  const savedKeys = readSavedKeys(workspaceId);
  const fleet = await startFleet({
    server: local,
    counts: COUNTS,
    // each agent's identity, kept beside its key: a second start pairs again
    stateDir: path.join(dataDir, 'demo-agents'),
    ...(savedKeys
      ? { keys: savedKeys }
      : { account: { email: EMAIL, password: PASSWORD, workspace: workspaceId } }),
    log: () => ({
      info: () => undefined,
      warn: () => undefined,
      error: (message: string) => console.error(message),
    }),
  });
  if (!savedKeys)
    writeFileSync(
      keysFile,
      JSON.stringify({ workspaceId, keys: fleet.printers.map((p) => p.key) }, null, 2),
      { mode: 0o600 },
    );

  const seed = await seedWorkspace(access, workspaceId);

  console.log(`\nPrintdeck demo is running at http://localhost:${port}`);
  console.log(`Sign in as ${EMAIL} with the password ${PASSWORD}.`);
  console.log(
    `Simulated printers in "${WORKSPACE}": ${fleet.printers.map((p) => p.name).join(', ')}.`,
  );
  if (seed.isSeeded)
    console.log(
      `Added ${seed.files} sample files, ${seed.endedJobs} ended jobs of the last four weeks and ${seed.queueItems} queue items.`,
    );
  if (seed.videoPrinterId !== null)
    console.log('A short print with a timelapse video runs on the printer with a camera.');
  if (seed.printingPrinterId === null) console.log('No printer was ready to start a print.');
  console.log('Press Ctrl+C to stop.\n');

  const stop = async () => {
    server.removeAllListeners('exit');
    await fleet.close();
    server.kill('SIGTERM');
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`The demo failed to start: ${(error as Error).message}`);
  process.exit(1);
});
