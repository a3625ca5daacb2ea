/**
 * The printers of `npm run bench:lan`, in their own process so that the server's memory is
 * measured alone: N simulated printers (half OctoPrint, half Moonraker; or with `--kind`, all
 * Bambu Lab or all PrusaLink), and with `--server URL --keys K1,K2,…` an agent per printer (the
 * agent mode of the comparison). Bambu printers each get their own loopback address
 * (127.0.2.x, 127.0.3.x …) on the same three ports (`--bambu-ports`, the server's
 * LAN_BAMBU_PORTS), as a farm's printers each have their own address on 8883/990/6000.
 * Prints one JSON line with the printers, then runs until it is killed.
 */
import { parseArgs } from 'node:util';
import { createIdentity, silentLogger, startAgent, type Agent } from '@printdeck/agent-core';
import {
  startVirtualBambu,
  startVirtualMoonraker,
  startVirtualOctoPrint,
  startVirtualPrusaLink,
} from '@printdeck/simulator';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10' },
    server: { type: 'string' },
    keys: { type: 'string' },
    kind: { type: 'string', default: 'octoprint-moonraker' },
    'bambu-ports': { type: 'string', default: '18883,10990,16000' },
  },
});
const [mqttPort, ftpsPort, cameraPort] = values['bambu-ports'].split(',').map(Number);
const BAMBU_CODE = '27418093';
const PRUSA_PASSWORD = 'Tr7bQ2xZ';
const count = Number(values.count);
const keys = values.keys ? values.keys.split(',') : [];
/** idle printers reporting every 2 s, as a farm between jobs */
const QUIET = { statusIntervalMs: 2000, pushIntervalMs: 2000 };

type BenchPrinter =
  | { kind: 'octoprint' | 'moonraker'; url: string; apiKey?: string }
  | { kind: 'prusalink'; url: string; password: string }
  | { kind: 'bambu'; url: string; serial: string; accessCode: string };
const printers: BenchPrinter[] = [];
const closers: Array<() => Promise<void>> = [];
const agents: Agent[] = [];
for (let i = 0; i < count; i++) {
  if (values.kind === 'bambu') {
    const sim = await startVirtualBambu({
      host: `127.0.${2 + Math.floor(i / 250)}.${1 + (i % 250)}`,
      mqttPort,
      ftpsPort,
      cameraPort,
      accessCode: BAMBU_CODE,
      pushIntervalMs: QUIET.pushIntervalMs,
    });
    printers.push({ kind: 'bambu', url: sim.host, serial: sim.serial, accessCode: BAMBU_CODE });
    closers.push(() => sim.close());
  } else if (values.kind === 'prusalink') {
    const sim = await startVirtualPrusaLink({ password: PRUSA_PASSWORD });
    printers.push({ kind: 'prusalink', url: sim.url, password: PRUSA_PASSWORD });
    closers.push(() => sim.close());
  } else if (i % 2 === 0) {
    const sim = await startVirtualOctoPrint({ pushIntervalMs: QUIET.pushIntervalMs });
    printers.push({ kind: 'octoprint', url: sim.url, apiKey: sim.apiKey });
    closers.push(() => sim.close());
  } else {
    const sim = await startVirtualMoonraker({ statusIntervalMs: QUIET.statusIntervalMs });
    printers.push({ kind: 'moonraker', url: sim.url });
    closers.push(() => sim.close());
  }
  const key = keys[i];
  if (values.server && key) {
    agents.push(
      startAgent({
        serverUrl: values.server,
        deviceKey: key,
        identity: createIdentity(),
        printer: agentHost(printers[i]!),
        log: silentLogger,
        localIpAddress: null,
      }),
    );
  }
}
/** A bench printer as the agent's configuration names it. */
function agentHost(printer: BenchPrinter) {
  if (printer.kind === 'bambu') {
    return { ...printer, mqttPort: mqttPort!, ftpsPort: ftpsPort!, cameraPort: cameraPort! };
  }
  return printer;
}
process.stdout.write(`${JSON.stringify(printers)}\n`);
process.once('SIGTERM', () => {
  void Promise.all([...agents.map((a) => a.stop()), ...closers.map((c) => c())]).then(() =>
    process.exit(0),
  );
});
