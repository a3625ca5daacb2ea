/**
 * Bambu start figure (issue 25): one 50 MB `.gcode.3mf` started on 20 virtual Bambu P1S at once,
 * from the agent's disk to "Preparing" on every printer: FTPS upload (implicit TLS), the `226`,
 * then `print.project_file` over MQTT. The server → agent download is the print-start bench's
 * part and is left out: the library takes no `.gcode.3mf` yet.
 * `npm run bench:bambu-start -- --printers 20 --megabytes 50`
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { silentLogger } from '@printdeck/agent-core';
import { createDriver } from '../packages/agent-core/src/drivers/create-driver.js';
import type { Driver } from '../packages/agent-core/src/drivers/driver.js';
import { startVirtualBambu, writeZip, type VirtualBambu } from '@printdeck/simulator';

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

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'printdeck-bambu-bench-'));
  const sims: VirtualBambu[] = [];
  const drivers: Driver[] = [];
  try {
    // incompressible bytes stand in for the 3MF's meshes and thumbnails, stored whole
    const file = writeZip({
      'Metadata/plate_1.gcode': ';TIME:3600\nG28\nG1 X10 Y10\n',
      '3D/Objects/object_1.model': randomBytes(MEGABYTES * 1024 * 1024),
    });
    const diskPath = join(dir, 'bench.gcode.3mf');
    await writeFile(diskPath, file);
    for (let i = 0; i < PRINTERS; i++) {
      const sim = await startVirtualBambu({ speed: 0, prepareSeconds: 3600, pushIntervalMs: 200 });
      sims.push(sim);
      const driver = createDriver(
        {
          kind: 'bambu',
          url: sim.host,
          serial: sim.serial,
          accessCode: sim.accessCode,
          mqttPort: sim.mqttPort,
          ftpsPort: sim.ftpsPort,
        },
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
    const started = performance.now();
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
    const sizeMb = file.length / 1024 / 1024;
    console.log(
      `${PRINTERS} Bambu printers, one ${sizeMb.toFixed(1)} MB .gcode.3mf: all Preparing after ${seconds.toFixed(1)} s ` +
        `(${((sizeMb * PRINTERS) / seconds).toFixed(0)} MB/s through FTPS in total; goal < 15 s)`,
    );
    for (const sim of sims) {
      if (sim.printer.files.get('bench.gcode.3mf')?.size !== file.length)
        throw new Error('upload incomplete');
    }
  } finally {
    await Promise.all(drivers.map((driver) => driver.stop()));
    await Promise.all(sims.map((sim) => sim.close()));
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
