/**
 * The printers of `npm run bench:lan`, in their own process so that the server's memory is
 * measured alone: N simulated printers (half OctoPrint, half Moonraker), and with
 * `--server URL --keys K1,K2,…` an agent per printer (the agent mode of the comparison).
 * Prints one JSON line with the printers, then runs until it is killed.
 */
import { parseArgs } from 'node:util';
import { createIdentity, silentLogger, startAgent, type Agent } from '@printdeck/agent-core';
import { startVirtualMoonraker, startVirtualOctoPrint } from '@printdeck/simulator';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10' },
    server: { type: 'string' },
    keys: { type: 'string' },
  },
});
const count = Number(values.count);
const keys = values.keys ? values.keys.split(',') : [];
/** idle printers reporting every 2 s, as a farm between jobs */
const QUIET = { statusIntervalMs: 2000, pushIntervalMs: 2000 };

const printers: Array<{ kind: 'octoprint' | 'moonraker'; url: string; apiKey?: string }> = [];
const closers: Array<() => Promise<void>> = [];
const agents: Agent[] = [];
for (let i = 0; i < count; i++) {
  if (i % 2 === 0) {
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
        printer: printers[i]!,
        log: silentLogger,
        localIpAddress: null,
      }),
    );
  }
}
process.stdout.write(`${JSON.stringify(printers)}\n`);
process.once('SIGTERM', () => {
  void Promise.all([...agents.map((a) => a.stop()), ...closers.map((c) => c())]).then(() =>
    process.exit(0),
  );
});
