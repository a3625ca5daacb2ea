/**
 * Bambu start figure (issue 25): one 50 MB `.gcode.3mf` started on 20 virtual Bambu P1S at once,
 * from the agent's disk to "Preparing" on every printer: FTPS upload (implicit TLS), the `226`,
 * then `print.project_file` over MQTT. The server → agent download is the print-start bench's
 * part and is left out. The printers run in a child process (bambu-sims.ts), as real printers
 * are other machines; the CPU of each side is printed, since the wall time on a shared machine
 * depends on its load.
 * `npm run bench:bambu-start -- --printers 20 --megabytes 50`
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { silentLogger } from '@printdeck/agent-core';
import { createDriver } from '../packages/agent-core/src/drivers/create-driver.js';
import type { Driver } from '../packages/agent-core/src/drivers/driver.js';
import { writeZip } from '@printdeck/simulator';
import type { SimsCommand, SimsReport } from './bambu-sims.js';

const { values } = parseArgs({
  options: {
    printers: { type: 'string', default: '20' },
    megabytes: { type: 'string', default: '50' },
  },
});
const PRINTERS = Number(values.printers);
const MEGABYTES = Number(values.megabytes);

async function waitFor(what: string, check: () => boolean, timeoutMs = 300_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function ask<T extends SimsReport['type']>(
  child: ChildProcess,
  command: SimsCommand,
  answer: T,
): Promise<Extract<SimsReport, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: SimsReport) => {
      if (message.type !== answer) return;
      child.off('message', onMessage);
      resolve(message as Extract<SimsReport, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`printers process ended (${code})`)));
    child.send(command);
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'printdeck-bambu-bench-'));
  const child = fork(fileURLToPath(new URL('./bambu-sims.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const drivers: Driver[] = [];
  try {
    // incompressible bytes stand in for the 3MF's meshes and thumbnails, stored whole
    const file = writeZip({
      'Metadata/plate_1.gcode': ';TIME:3600\nG28\nG1 X10 Y10\n',
      '3D/Objects/object_1.model': randomBytes(MEGABYTES * 1024 * 1024),
    });
    const diskPath = join(dir, 'bench.gcode.3mf');
    await writeFile(diskPath, file);
    const { printers } = await ask(child, { type: 'start', printers: PRINTERS }, 'started');
    for (const sim of printers) {
      const driver = createDriver(
        { kind: 'bambu', url: sim.host, ...sim },
        {
          log: silentLogger,
          localIpAddress: null,
          tuning: {
            backoff: { initialMs: 100, maxMs: 1000 },
            requestMs: 10_000,
            staleMs: 10_000,
            klippyPollMs: 1000,
          },
        },
      );
      driver.start();
      drivers.push(driver);
    }
    await waitFor('every printer idle', () =>
      drivers.every((d) => d.getState().state.text === 'Operational'),
    );
    await ask(child, { type: 'cpu' }, 'cpu');
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(
      drivers.map((driver) =>
        driver.storeFile(
          { diskPath, fileName: 'bench.gcode.3mf', sha256: '', print: true },
          new AbortController().signal,
        ),
      ),
    );
    await waitFor('every printer preparing', () =>
      drivers.every((d) => d.getState().state.text === 'Preparing'),
    );
    const seconds = (performance.now() - started) / 1000;
    const agentCpu = process.cpuUsage(cpuBefore);
    const printerCpu = await ask(child, { type: 'cpu' }, 'cpu');
    const sizeMb = file.length / 1024 / 1024;
    const s = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `${PRINTERS} Bambu printers, one ${sizeMb.toFixed(1)} MB .gcode.3mf: all Preparing after ${seconds.toFixed(1)} s ` +
        `(${((sizeMb * PRINTERS) / seconds).toFixed(0)} MB/s through FTPS in total; goal < 15 s); CPU meanwhile: ` +
        `agent ${s(agentCpu.user / 1000)} s user + ${s(agentCpu.system / 1000)} s system, ` +
        `printers ${s(printerCpu.userMs)} s user + ${s(printerCpu.systemMs)} s system`,
    );
    const { sizes } = await ask(child, { type: 'stored', name: 'bench.gcode.3mf' }, 'stored');
    if (sizes.some((size) => size !== file.length)) throw new Error('upload incomplete');
  } finally {
    await Promise.all(drivers.map((driver) => driver.stop()));
    child.send({ type: 'close' } satisfies SimsCommand);
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
