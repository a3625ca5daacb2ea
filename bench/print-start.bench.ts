/**
 * Print start figure (issue 6): from "Print" on N simulated printers with one large G-code
 * until every printer reports PRINTING. Each printer is a virtual OctoPrint or Moonraker with
 * a real agent (the fleet); the file travels server → agent → printer by its signed link.
 * `npm run bench:print-start -- --printers 20 --megabytes 50 [--storage disk,s3]`
 *
 * With `--storage disk,s3` (issue 28) the same run is made with the files on the local disk and
 * in an S3 bucket (s3rver in a process of its own, so its CPU is counted apart): the upload is
 * timed too, and the server's peak RSS while the printers download says whether it streams.
 */
import { parseArgs } from 'node:util';
import { startFleet } from '@printdeck/simulator/fleet';
import os from 'node:os';
import {
  BENCH_USER,
  cpuMilliseconds,
  startSignedInProduct,
  createWorkspace,
  fetchJson,
  peakRssMegabytes,
  resetPeakRss,
  rssMegabytes,
  startS3ServerProcess,
} from './bench-helpers.js';

const { values } = parseArgs({
  options: {
    printers: { type: 'string', default: '20' },
    megabytes: { type: 'string', default: '50' },
    storage: { type: 'string', default: 'disk' },
  },
});
const PRINTERS = Number(values.printers);
const MEGABYTES = Number(values.megabytes);
const IDLE_MS = 3000;

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
  let fleet: Awaited<ReturnType<typeof startFleet>> | null = null;
  try {
    const call = (pathName: string, init: RequestInit = {}) => fetchJson(url, pathName, init);
    const auth = { authorization: `Bearer ${access}` };
    const workspace = await createWorkspace(product, 'Print farm');
    const half = Math.floor(PRINTERS / 2);
    fleet = await startFleet({
      server: url,
      counts: { octoprint: PRINTERS - half, moonraker: half },
      account: { ...BENCH_USER, workspace },
      log: () => ({
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      }),
    });
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
    const idleFleet = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleUsage = process.cpuUsage(idleFleet);
    console.log(
      `idle for ${IDLE_MS / 1000} s: server ${cpuMilliseconds(product.child.pid!) - idleServer} ms CPU, fleet ${((idleUsage.user + idleUsage.system) / 1000).toFixed(0)} ms CPU`,
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
      `[${storage}] CPU meanwhile: server ${(serverCpuMs / 1000).toFixed(2)} s, fleet (agents and printers) ${(fleetCpuMs / 1000).toFixed(2)} s; per printer per 50 MB: server ${per50(serverCpuMs).toFixed(2)} s, fleet ${per50(fleetCpuMs).toFixed(2)} s; load average ${os.loadavg()[0]!.toFixed(1)}`,
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
