/**
 * Print start figure (issue 6): from "Print" on N simulated printers with one large G-code
 * until every printer reports PRINTING. Each printer is a virtual OctoPrint or Moonraker with
 * a real agent (the fleet); the file travels server → agent → printer by its signed link.
 * `npm run bench:print-start -- --printers 20 --megabytes 50`
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startFleet } from '@printdeck/simulator/fleet';
import { findFreePort, startProduct, stopProduct } from './bench-helpers.js';

const { values } = parseArgs({
  options: {
    printers: { type: 'string', default: '20' },
    megabytes: { type: 'string', default: '50' },
  },
});
const PRINTERS = Number(values.printers);
const MEGABYTES = Number(values.megabytes);
const EMAIL = 'bench@example.com';
const PASSWORD = 'a benchmark passphrase';

function buildGcode(megabytes: number): Buffer {
  const header = ';FLAVOR:Marlin\n;TIME:3600\n;Filament used: 12.5m\n;Layer height: 0.2\nG28\n';
  const line = 'G1 X100.123 Y100.456 E1.23456 F1800 ; a move of the benchmark\n';
  const count = Math.ceil((megabytes * 1024 * 1024) / line.length);
  return Buffer.concat([Buffer.from(header), Buffer.from(line.repeat(count))]);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-bench-print-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(await findFreePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  execFileSync(
    process.execPath,
    ['apps/server/dist/cli.js', 'user', 'create', '--email', EMAIL, '--password', PASSWORD],
    { env: { ...process.env, ...env } },
  );
  const { child, url } = await startProduct(env);
  let fleet: Awaited<ReturnType<typeof startFleet>> | null = null;
  try {
    const call = async (pathName: string, init: RequestInit = {}) => {
      const response = await fetch(`${url}${pathName}`, init);
      const body = await response.text();
      if (!response.ok) throw new Error(`${pathName}: ${response.status} ${body}`);
      return body ? JSON.parse(body) : null;
    };
    const { access } = await call('/api/tokens/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    });
    const auth = { authorization: `Bearer ${access}` };
    const workspace = (
      await call('/api/users/me/groups/', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Print farm' }),
      })
    ).id as number;
    const half = Math.floor(PRINTERS / 2);
    fleet = await startFleet({
      server: url,
      counts: { octoprint: PRINTERS - half, moonraker: half },
      account: { email: EMAIL, password: PASSWORD, workspace },
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

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buildGcode(MEGABYTES))]), 'big-plate.gcode');
    const file = await call(`/api/groups/${workspace}/files/`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const printerIds = (await states()).map((r) => r.printer_id);

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
    answers.sort((a, b) => a - b);
    console.log(
      `${PRINTERS} printers (${PRINTERS - half} OctoPrint, ${half} Klipper), one ${MEGABYTES} MB G-code`,
    );
    console.log(
      `all print starts accepted (device downloaded, verified, uploaded, started) after ${(accepted / 1000).toFixed(2)} s; fastest ${(answers[0]! / 1000).toFixed(2)} s, slowest ${(answers.at(-1)! / 1000).toFixed(2)} s`,
    );
    console.log(
      `all ${PRINTERS} printers report PRINTING after ${(allPrinting / 1000).toFixed(2)} s (goal < 10 s)`,
    );
  } finally {
    await fleet?.close();
    await stopProduct(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
