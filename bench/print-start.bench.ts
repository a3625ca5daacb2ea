/**
 * Print start figure (issue 6): from "Print" on N simulated printers with one large G-code
 * until every printer reports PRINTING. Each printer is a virtual OctoPrint or Moonraker with
 * a real agent (the fleet); the file travels server → agent → printer by its signed link.
 * `npm run bench:print-start -- --printers 20 --megabytes 50 [--storage disk,s3]`
 *
 * With `--storage disk,s3` (issue 28) the same run is made with the files on the local disk and
 * in an S3 bucket (s3rver in a process of its own, so its CPU is counted apart): the upload is
 * timed too, and the server's peak RSS while the printers download says whether it streams.
 *
 * The virtual printers run in `--printer-processes` (default 2) child processes (`print-sims.ts`),
 * as real printers are computers of their own: the bench process's CPU is then the agents'
 * alone, and the printers' is printed beside it. `--printer-processes 0` runs them beside the
 * agents in the bench process, as every round before issue 31's round 7 did.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createIdentity, startAgent, type Agent } from '@printdeck/agent-core';
import { startFleet } from '@printdeck/simulator/fleet';
import os from 'node:os';
import {
  addBenchPrinter,
  BENCH_USER,
  cpuMilliseconds,
  startSignedInProduct,
  createWorkspace,
  fetchJson,
  peakRssMegabytes,
  resetPeakRss,
  rssMegabytes,
  startS3ServerProcess,
  startProfiler,
} from './bench-helpers.js';
import type { PrintSimsCommand, PrintSimsReport, SimHost } from './print-sims.js';

const { values } = parseArgs({
  options: {
    printers: { type: 'string', default: '20' },
    megabytes: { type: 'string', default: '50' },
    storage: { type: 'string', default: 'disk' },
    /** writes a CPU profile of the bench process (the agents) during the starts */
    'cpu-profile': { type: 'string' },
    /**
     * processes the virtual printers run in, as real printers run on their own computers (the
     * bench process then holds only the agents); 0: in the bench process beside the agents
     */
    'printer-processes': { type: 'string', default: '2' },
  },
});
const PRINTERS = Number(values.printers);
const MEGABYTES = Number(values.megabytes);
const PRINTER_PROCESSES = Number(values['printer-processes']);
/** what the bench process's own CPU is */
const fleetName =
  PRINTER_PROCESSES > 0
    ? `agents (bench process, printers in ${PRINTER_PROCESSES} others)`
    : 'fleet (agents and printers, bench process)';
const IDLE_MS = 3000;
const silentLog = () => ({
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
});

function ask<T extends PrintSimsReport['type']>(
  child: ChildProcess,
  command: PrintSimsCommand,
  answer: T,
): Promise<Extract<PrintSimsReport, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`printers process ended (${code})`));
    const onMessage = (message: PrintSimsReport) => {
      if (message.type !== answer) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<PrintSimsReport, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(command);
  });
}

/** A share of `total` for process `index` of `count`. */
const share = (total: number, index: number, count: number) =>
  Math.floor((total * (index + 1)) / count) - Math.floor((total * index) / count);

interface BenchFleet {
  /** CPU (ms) of the printers' processes since the last call; null when they share this one */
  printersCpu(): Promise<number | null>;
  close(): Promise<void>;
}

/** The virtual printers in `PRINTER_PROCESSES` child processes, each with a real agent here. */
async function startSplitFleet(
  product: { url: string; access: string },
  workspace: number,
  octoprint: number,
  moonraker: number,
): Promise<BenchFleet> {
  const children: ChildProcess[] = [];
  const agents: Agent[] = [];
  const fleet: BenchFleet = {
    async printersCpu() {
      const used = await Promise.all(children.map((child) => ask(child, { type: 'cpu' }, 'cpu')));
      return used.reduce((sum, cpu) => sum + cpu.userMs + cpu.systemMs, 0);
    },
    async close() {
      await Promise.all(agents.map((agent) => agent.stop()));
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.send({ type: 'close' } satisfies PrintSimsCommand);
          await exited;
        }),
      );
    },
  };
  try {
    const hosts: SimHost[] = [];
    for (let i = 0; i < PRINTER_PROCESSES; i++) {
      const child = fork(fileURLToPath(new URL('./print-sims.ts', import.meta.url)), {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      const command: PrintSimsCommand = {
        type: 'start',
        octoprint: share(octoprint, i, PRINTER_PROCESSES),
        moonraker: share(moonraker, i, PRINTER_PROCESSES),
        first: hosts.length + 1,
      };
      hosts.push(...(await ask(child, command, 'started')).hosts);
    }
    for (const [index, printer] of hosts.entries()) {
      const { key } = await addBenchPrinter(product, workspace, `${printer.kind} ${index + 1}`);
      agents.push(
        startAgent({
          serverUrl: product.url,
          deviceKey: key,
          identity: createIdentity(),
          printer,
          log: silentLog(),
        }),
      );
    }
  } catch (error) {
    await fleet.close();
    throw error;
  }
  return fleet;
}

function buildGcode(megabytes: number): Buffer {
  const header = ';FLAVOR:Marlin\n;TIME:3600\n;Filament used: 12.5m\n;Layer height: 0.2\nG28\n';
  const line = 'G1 X100.123 Y100.456 E1.23456 F1800 ; a move of the benchmark\n';
  // whole lines up to the size: 200 MiB is the upload limit itself
  const count = Math.floor((megabytes * 1024 * 1024 - header.length) / line.length);
  return Buffer.concat([Buffer.from(header), Buffer.from(line.repeat(count))]);
}

/** CPU time (s) of a process since `from` (ms), or '-' without one. */
const cpuSince = (pid: number | undefined, from: number) =>
  pid === undefined ? '-' : ((cpuMilliseconds(pid) - from) / 1000).toFixed(2);

async function measure(storage: string): Promise<void> {
  const s3 = storage === 's3' ? await startS3ServerProcess() : null;
  const product = await startSignedInProduct({ name: 'print', env: s3?.env ?? {} }).catch(
    async (error: unknown) => {
      await s3?.stop();
      throw error;
    },
  );
  const storeCpu = () => (s3 ? cpuMilliseconds(s3.pid) : 0);
  const { url, access } = product;
  let fleet: BenchFleet | null = null;
  try {
    const call = (pathName: string, init: RequestInit = {}) => fetchJson(url, pathName, init);
    const auth = { authorization: `Bearer ${access}` };
    const workspace = await createWorkspace(product, 'Print farm');
    const half = Math.floor(PRINTERS / 2);
    if (PRINTER_PROCESSES > 0) {
      fleet = await startSplitFleet(product, workspace, PRINTERS - half, half);
    } else {
      const inProcess = await startFleet({
        server: url,
        counts: { octoprint: PRINTERS - half, moonraker: half },
        account: { ...BENCH_USER, workspace },
        log: silentLog,
      });
      fleet = { printersCpu: () => Promise.resolve(null), close: () => inProcess.close() };
    }
    const states = async () =>
      (await call(`/api/groups/${workspace}/devices-states/`, { headers: auth })) as Array<{
        printer_id: number;
        printer_state: string;
      }>;
    const waitFor = async (state: string, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rows = await states();
        if (rows.length === PRINTERS && rows.every((r) => r.printer_state === state)) return;
        if (Date.now() > deadline)
          throw new Error(`not all ${state}: ${rows.map((r) => r.printer_state).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await waitFor('READY_TO_PRINT', 60_000);
    // what the idle fleet and server cost by themselves (ticks, pushes, state patches)
    const idleServer = cpuMilliseconds(product.child.pid!);
    await fleet.printersCpu();
    const idleFleet = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleUsage = process.cpuUsage(idleFleet);
    const idlePrinters = await fleet.printersCpu();
    console.log(
      `idle for ${IDLE_MS / 1000} s: server ${cpuMilliseconds(product.child.pid!) - idleServer} ms CPU, ${fleetName} ${((idleUsage.user + idleUsage.system) / 1000).toFixed(0)} ms CPU${idlePrinters === null ? '' : `, printers ${idlePrinters.toFixed(0)} ms CPU`}`,
    );

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buildGcode(MEGABYTES))]), 'big-plate.gcode');
    const uploadServerCpu = cpuMilliseconds(product.child.pid!);
    const uploadStoreCpu = storeCpu();
    const uploadStarted = performance.now();
    const file = await call(`/api/groups/${workspace}/files/`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    console.log(
      `[${storage}] upload of ${MEGABYTES} MB: ${((performance.now() - uploadStarted) / 1000).toFixed(2)} s wall, server ${cpuSince(product.child.pid, uploadServerCpu)} s CPU, store ${cpuSince(s3?.pid, uploadStoreCpu)} s CPU; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const printerIds = (await states()).map((r) => r.printer_id);

    const rssBefore = rssMegabytes(product.child.pid!);
    resetPeakRss(product.child.pid!);
    const serverCpu = cpuMilliseconds(product.child.pid!);
    const startStoreCpu = storeCpu();
    const profiler = values['cpu-profile'] ? await startProfiler() : null;
    await fleet.printersCpu();
    const fleetCpu = process.cpuUsage();
    const started = performance.now();
    const answers = await Promise.all(
      printerIds.map(async (id) => {
        const sent = performance.now();
        await call(`/api/printers/${id}/files/`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ file_id: file.id, print: true, make_video: false }),
        });
        return performance.now() - sent;
      }),
    );
    const accepted = performance.now() - started;
    await waitFor('PRINTING', 120_000);
    const allPrinting = performance.now() - started;
    const serverCpuMs = cpuMilliseconds(product.child.pid!) - serverCpu;
    const storeCpuText = cpuSince(s3?.pid, startStoreCpu);
    const peakRss = peakRssMegabytes(product.child.pid!);
    const fleetUsage = process.cpuUsage(fleetCpu);
    const printersCpuMs = await fleet.printersCpu();
    if (profiler) await profiler.stop(`${values['cpu-profile']!}.${storage}.cpuprofile`);
    const fleetCpuMs = (fleetUsage.user + fleetUsage.system) / 1000;
    answers.sort((a, b) => a - b);
    console.log(
      `[${storage}] ${PRINTERS} printers (${PRINTERS - half} OctoPrint, ${half} Klipper), one ${MEGABYTES} MB G-code`,
    );
    console.log(
      `[${storage}] all print starts accepted (device downloaded, verified, uploaded, started) after ${(accepted / 1000).toFixed(2)} s; fastest ${(answers[0]! / 1000).toFixed(2)} s, slowest ${(answers.at(-1)! / 1000).toFixed(2)} s`,
    );
    console.log(
      `[${storage}] all ${PRINTERS} printers report PRINTING after ${(allPrinting / 1000).toFixed(2)} s (goal < 10 s)`,
    );
    // CPU per printer per 50 MB: what the machine's load does not change much
    const per50 = (ms: number) => ((ms / PRINTERS) * (50 / MEGABYTES)) / 1000;
    console.log(
      `[${storage}] CPU meanwhile: server ${(serverCpuMs / 1000).toFixed(2)} s, ${fleetName} ${(fleetCpuMs / 1000).toFixed(2)} s` +
        (printersCpuMs === null ? '' : `, printers ${(printersCpuMs / 1000).toFixed(2)} s`) +
        `; per printer per 50 MB: server ${per50(serverCpuMs).toFixed(2)} s, ${fleetName} ${per50(fleetCpuMs).toFixed(2)} s` +
        (printersCpuMs === null ? '' : `, printers ${per50(printersCpuMs).toFixed(2)} s`) +
        `; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `[${storage}] store (s3rver) CPU meanwhile ${storeCpuText} s; server RSS ${rssBefore.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB while the printers downloaded`,
    );
  } finally {
    await fleet?.close();
    await product.stop();
    await s3?.stop();
  }
}

for (const storage of values.storage.split(',')) await measure(storage);
