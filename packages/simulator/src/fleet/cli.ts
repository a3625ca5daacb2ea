import { readFileSync } from 'node:fs';
import { createConsoleLogger } from '@printdeck/agent-core';
import { startFleet, type Fleet } from './fleet.js';
import { FLEET_USAGE, parseFleetArgs } from './fleet-args.js';

/** `npm run sim -- --server URL --octoprint 2 --moonraker 2 --pill 1 (--email … | --keys-file …)` */
async function main(): Promise<void> {
  let args;
  try {
    args = parseFleetArgs(process.argv.slice(2), (path) => readFileSync(path, 'utf8'));
  } catch (error) {
    process.stderr.write(`fleet: ${(error as Error).message}\n\n${FLEET_USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (args === 'help') {
    process.stdout.write(`${FLEET_USAGE}\n`);
    return;
  }
  const { logLevel } = args;
  let fleet: Fleet;
  try {
    fleet = await startFleet({
      ...args.options,
      log: (name) => createConsoleLogger(logLevel, `[${name}] `),
    });
  } catch (error) {
    process.stderr.write(`fleet: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  printFleet(fleet, args.options.server);
  const stop = () => void fleet.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function printFleet(fleet: Fleet, server: string): void {
  const rows = fleet.printers.map((p) => [
    p.kind,
    p.name,
    p.sim.url,
    p.key,
    p.printerId === null ? '-' : String(p.printerId),
  ]);
  const table = [['kind', 'name', 'simulator', 'device key', 'printer id'], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  process.stdout.write(
    `${fleet.printers.length} simulated printers, each with an agent → ${server}\n`,
  );
  for (const row of table) {
    process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}\n`);
  }
  process.stdout.write('Ctrl+C stops them all.\n');
}

void main();
