/**
 * LAN mode figures (issue 17). `npm run bench:lan -- [--printers N]` prints:
 * - the agent bundle's size;
 * - the bundled agent's memory once it has connected one simulated OctoPrint (RSS);
 * - the server's memory per printer with N simulated printers driven in LAN mode (built-in
 *   agents in the server's process) against the same N printers through N agents (each in
 *   the printers' process, dialling the server's gateway). Simulators and agents run in their
 *   own process (bench/lan-sims.ts), so the server's RSS holds only what the server keeps.
 * `--kind bambu` or `--kind prusalink` (issue 25): all printers of that kind, in LAN mode and
 *   through agents (one per printer, in the printers' process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  addBenchPrinter,
  callApi,
  createWorkspace,
  inBatches,
  rssMegabytes,
  startSignedInProduct,
} from './bench-helpers.js';

const { values } = parseArgs({
  options: {
    printers: { type: 'string', default: '500' },
    kind: { type: 'string', default: 'octoprint-moonraker' },
  },
});
const PRINTERS = Number(values.printers);
const KIND = values.kind;
/** the Bambu simulators' ports, each printer on its own loopback address (bench/lan-sims.ts) */
const BAMBU_PORTS = '18883,10990,16000';
const ROOT = path.resolve(import.meta.dirname, '..');
const BUNDLE = path.join(ROOT, 'apps/agent/dist/printdeck-agent.cjs');
const SETTLE_MS = 5000;
const WAIT_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server with one user and one workspace, and what it takes to call it. */
async function startServer(env: Record<string, string>) {
  const product = await startSignedInProduct({ name: 'lan', env });
  return { ...product, workspace: await createWorkspace(product, 'Farm') };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** Waits until `count` printers are READY_TO_PRINT; returns how many are. */
async function waitReady(server: Server, count: number): Promise<number> {
  const deadline = Date.now() + WAIT_MS;
  let ready = 0;
  while (Date.now() < deadline) {
    const rows = (await callApi(
      server.url,
      server.access,
      'GET',
      `/api/groups/${server.workspace}/devices-states/`,
    )) as Array<{ printer_state: string }>;
    ready = rows.filter((row) => row.printer_state === 'READY_TO_PRINT').length;
    if (ready >= count) return ready;
    await sleep(1000);
  }
  return ready;
}

function startSims(args: string[]): Promise<{
  child: ChildProcess;
  printers: Array<Record<string, string> & { kind: string; url: string }>;
}> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench/lan-sims.ts'),
      '--kind',
      KIND,
      '--bambu-ports',
      BAMBU_PORTS,
      ...args,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n')) resolve({ child, printers: JSON.parse(line!) });
    });
    child.once('exit', (code) => reject(new Error(`the simulators exited (${code})`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

async function measure(server: Server, count: number, connect: () => Promise<ChildProcess>) {
  await sleep(SETTLE_MS);
  const before = rssMegabytes(server.child.pid!);
  const started = performance.now();
  const sims = await connect();
  const ready = await waitReady(server, count);
  const readyS = (performance.now() - started) / 1000;
  await sleep(SETTLE_MS);
  const after = rssMegabytes(server.child.pid!);
  await stopChild(sims);
  return { before, after, ready, readyS, perPrinterKb: ((after - before) * 1024) / count };
}

/**
 * The add is tried against the printer first (10 s); on a machine at load 20+ that try can time
 * out, or its connection be reset, while the printer is fine: tried again, three times at most.
 */
async function addedOnLoadedMachine<T>(add: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await add();
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('does not answer at this address')) throw error;
    }
  }
}

async function lanMode() {
  const server = await startServer({
    LAN_PRINTER_NETWORKS: '127.0.0.0/8',
    LAN_BAMBU_PORTS: BAMBU_PORTS,
  });
  try {
    return await measure(server, PRINTERS, async () => {
      const { child, printers } = await startSims(['--count', String(PRINTERS)]);
      // a Bambu or PrusaLink printer is tried before it is saved (up to 10 s): fewer at once
      await inBatches(printers.length, KIND === 'octoprint-moonraker' ? 20 : 5, (i) => {
        const printer = printers[i]!;
        return addedOnLoadedMachine(() =>
          callApi(server.url, server.access, 'POST', '/api/lan-printers/', {
            group: server.workspace,
            name: `LAN ${i}`,
            kind: printer.kind,
            url: printer.url,
            ...(printer.apiKey ? { api_key: printer.apiKey } : {}),
            ...(printer.password ? { password: printer.password } : {}),
            ...(printer.serial ? { serial: printer.serial, access_code: printer.accessCode } : {}),
          }),
        );
      });
      return child;
    });
  } finally {
    await server.stop();
  }
}

async function agentMode() {
  const server = await startServer({});
  try {
    const keys = await inBatches(PRINTERS, 20, async (i) => {
      return (await addBenchPrinter(server, server.workspace, `Agent ${i}`)).key;
    });
    return await measure(server, PRINTERS, async () => {
      const { child } = await startSims([
        '--count',
        String(PRINTERS),
        '--server',
        server.url,
        '--keys',
        keys.join(','),
      ]);
      return child;
    });
  } finally {
    await server.stop();
  }
}

async function agentOnStart() {
  const server = await startServer({});
  const { child: sims, printers } = await startSims(['--count', '1']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-bench-agent-'));
  try {
    const { key: token } = await addBenchPrinter(server, server.workspace, 'Bundled');
    const conf = path.join(dir, 'agent.conf');
    writeFileSync(
      conf,
      [
        `PRINTDECK_SERVER=${server.url}`,
        `PRINTDECK_KEY=${token}`,
        `OCTOPRINT_URL=${printers[0]!.url}`,
        `OCTOPRINT_API_KEY=${printers[0]!.apiKey}`,
        `PRINTDECK_STATE_DIR=${dir}`,
      ].join('\n'),
    );
    const agent = spawn(process.execPath, [BUNDLE, '--config', conf], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      stdio: 'ignore',
    });
    await waitReady(server, 1);
    await sleep(SETTLE_MS);
    const rss = rssMegabytes(agent.pid!);
    await stopChild(agent);
    return rss;
  } finally {
    await stopChild(sims);
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (KIND !== 'octoprint-moonraker') {
  const lan = await lanMode();
  console.log(
    `LAN mode, ${PRINTERS} ${KIND} printers: ready ${lan.ready} in ${lan.readyS.toFixed(1)} s; server RSS ${lan.before.toFixed(0)} → ${lan.after.toFixed(0)} MB, ${lan.perPrinterKb.toFixed(0)} KB per printer`,
  );
  const agents = await agentMode();
  console.log(
    `agents, ${PRINTERS} ${KIND} printers: ready ${agents.ready} in ${agents.readyS.toFixed(1)} s; server RSS ${agents.before.toFixed(0)} → ${agents.after.toFixed(0)} MB, ${agents.perPrinterKb.toFixed(0)} KB per printer`,
  );
  process.exit(0);
}
const bundleKb = statSync(BUNDLE).size / 1024;
console.log(`agent bundle: ${bundleKb.toFixed(0)} KB (${BUNDLE.replace(`${ROOT}/`, '')})`);
console.log(`bundled agent RSS once connected: ${(await agentOnStart()).toFixed(1)} MB`);
const lan = await lanMode();
console.log(
  `LAN mode, ${PRINTERS} printers: ready ${lan.ready} in ${lan.readyS.toFixed(1)} s; server RSS ${lan.before.toFixed(0)} → ${lan.after.toFixed(0)} MB, ${lan.perPrinterKb.toFixed(0)} KB per printer`,
);
const agents = await agentMode();
console.log(
  `agents, ${PRINTERS} printers: ready ${agents.ready} in ${agents.readyS.toFixed(1)} s; server RSS ${agents.before.toFixed(0)} → ${agents.after.toFixed(0)} MB, ${agents.perPrinterKb.toFixed(0)} KB per printer`,
);
