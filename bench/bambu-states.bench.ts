/**
 * Bambu state latency figure (issue 25): N virtual Bambu Lab P1S printers (MQTT over TLS, a
 * broker each), each with the real agent (the Bambu driver) dialling the server, as a farm
 * with an agent next to each printer. The fleet runs in P child processes (bambu-fleet.ts);
 * a few probe printers run here. Each fleet printer changes its nozzle target every 2 s (a
 * report each), and the workspaces' devices-states are read every 2 s as open dashboards do.
 * A marked bed target is set on a probe printer; devices-states is read until it shows it.
 * Two latencies: from the change on the printer (includes the printer's own report cadence,
 * about 1 s: reference §1.5) and from the report carrying it leaving the printer (what the
 * agent, the gateway and the API add).
 * `npm run bench:bambu-states -- --printers 1000 [--seconds 60] [--processes 2]`
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { FleetCommand, FleetReport } from './bambu-fleet.js';
import { startBambuFleet } from './bambu-fleet.js';
import { ask, forkChild } from './bench-children.js';
import {
  callApi,
  cpuMilliseconds,
  percentile,
  signIn,
  startSignedInProduct,
} from './bench-helpers.js';
import { createBenchFleet } from './light-agents.js';

const { values } = parseArgs({
  options: {
    printers: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    processes: { type: 'string', default: '2' },
  },
});
const PRINTERS = Number(values.printers);
const SECONDS = Number(values.seconds);
const PROCESSES = Number(values.processes);
const PER_WORKSPACE = 100;
/** printers run here, so the time a marked report leaves the printer is known */
const PROBES = 10;
const READY_WAIT_MS = 20 * 60_000;
const SEEN_WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StateRow {
  printer_id: number;
  printer_state: string;
  temperature?: { bed?: { target?: number } };
}

async function main(): Promise<void> {
  const product = await startSignedInProduct({ name: 'bambu-states' });
  const { child, url } = product;
  let access = product.access;
  let renewing: Promise<string> | null = null;
  const fleets: ChildProcess[] = [];
  let probes: Awaited<ReturnType<typeof startBambuFleet>> | null = null;
  const pollTimers: NodeJS.Timeout[] = [];
  /** a workspace's devices-states; signed in again when the access token ran out (15 min+ runs) */
  const states = async (workspaceId: number): Promise<StateRow[]> => {
    const path = `/api/groups/${workspaceId}/devices-states/`;
    try {
      return (await callApi(url, access, 'GET', path)) as StateRow[];
    } catch (error) {
      if (!String(error).includes(': 401 ')) throw error;
      const used = access;
      renewing ??= signIn(url).finally(() => (renewing = null));
      if (access === used) access = await renewing;
      return (await callApi(url, access, 'GET', path)) as StateRow[];
    }
  };
  try {
    const { workspaces, devices } = await createBenchFleet({
      url,
      access,
      count: PRINTERS,
      perWorkspace: PER_WORKSPACE,
    });
    const connectCpu = cpuMilliseconds(child.pid!);
    const connectStart = performance.now();

    const fleetKeys = devices.slice(0, PRINTERS - PROBES).map((device) => device.key);
    const share = Math.ceil(fleetKeys.length / PROCESSES);
    fleets.push(...Array.from({ length: PROCESSES }, () => forkChild('bambu-fleet.ts')));
    /** when each probe's last report left the printer, with the bed target it carried */
    const reported: Array<{ at: number; bedTarget: unknown }> = [];
    const [, probeFleet] = await Promise.all([
      Promise.all(
        fleets.map((fleet, p) =>
          ask<FleetReport>(
            fleet,
            { type: 'start', url, keys: fleetKeys.slice(p * share, (p + 1) * share) },
            'started',
          ),
        ),
      ),
      startBambuFleet(
        url,
        devices.slice(PRINTERS - PROBES).map((device) => device.key),
        (index, message) => {
          const print = (message.print ?? {}) as Record<string, unknown>;
          if ('bed_target_temper' in print) {
            reported[index] = { at: performance.now(), bedTarget: print.bed_target_temper };
          }
        },
      ),
    ]);
    probes = probeFleet;

    // every printer connected: its agent said hello and its first report made it READY
    const deadline = Date.now() + READY_WAIT_MS;
    let ready = 0;
    while (Date.now() < deadline) {
      const rows = (await Promise.all(workspaces.map(states))).flat();
      ready = rows.filter((row) => row.printer_state === 'READY_TO_PRINT').length;
      if (ready >= PRINTERS) break;
      await sleep(2000);
    }
    if (ready < PRINTERS) throw new Error(`only ${ready} of ${PRINTERS} printers became ready`);
    const connectS = (performance.now() - connectStart) / 1000;
    const connectCpuMs = cpuMilliseconds(child.pid!) - connectCpu;
    const fleetCpuMs = () => fleets.reduce((sum, fleet) => sum + cpuMilliseconds(fleet.pid!), 0);
    const readyFleetCpuMs = fleetCpuMs();
    console.log(
      `${PRINTERS} Bambu printers ready through their agents (${PROCESSES} processes + ${PROBES} probes here) in ${connectS.toFixed(1)} s; CPU meanwhile: server ${(connectCpuMs / 1000).toFixed(1)} s, fleet processes ${(readyFleetCpuMs / 1000).toFixed(1)} s; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );

    // steady load: the fleet's reports, and a dashboard open on every workspace
    const steadyCpu = cpuMilliseconds(child.pid!);
    const steadyFleetCpu = fleetCpuMs();
    const steadyStart = performance.now();
    fleets.forEach((fleet) => fleet.send({ type: 'change', everyMs: 2000 } satisfies FleetCommand));
    const pollLatencies: number[] = [];
    workspaces.forEach((workspaceId, i) =>
      pollTimers.push(
        setTimeout(
          () =>
            pollTimers.push(
              setInterval(async () => {
                const started = performance.now();
                const isAnswered = await states(workspaceId).then(
                  () => true,
                  () => false,
                );
                if (isAnswered) pollLatencies.push(performance.now() - started);
              }, 2000),
            ),
          (i / workspaces.length) * 2000,
        ),
      ),
    );
    await sleep(3000);

    const fromChange: number[] = [];
    const fromReport: number[] = [];
    const loadAverages: number[] = [];
    const end = Date.now() + SECONDS * 1000;
    for (let sample = 0; Date.now() < end; sample++) {
      const probe = sample % PROBES;
      const device = devices[PRINTERS - PROBES + probe]!;
      const sim = probes.sims[probe]!;
      // a bed target this probe does not hold: 40 … 99 °C
      let marker = 40 + (sample % 60);
      if (marker === sim.printer.bed.target) marker += 0.5;
      const changedAt = performance.now();
      sim.printer.setHeaterTarget(sim.printer.bed, marker);
      for (;;) {
        const row = (await states(device.workspaceId)).find(
          (r) => r.printer_id === device.printerId,
        );
        if (row?.temperature?.bed?.target === marker) break;
        if (performance.now() - changedAt > SEEN_WAIT_MS) {
          throw new Error(`a change on printer ${device.printerId} was not seen in 30 s`);
        }
      }
      const seenAt = performance.now();
      fromChange.push(seenAt - changedAt);
      const sent = reported[probe];
      if (sent && sent.bedTarget === marker) fromReport.push(seenAt - sent.at);
      loadAverages.push(os.loadavg()[0]!);
      await sleep(200);
    }
    const steadyCpuMs = cpuMilliseconds(child.pid!) - steadyCpu;
    const steadyFleetCpuMs = fleetCpuMs() - steadyFleetCpu;
    /** the steady phase: the warm-up before the first sample and the samples (≥ SECONDS) */
    const steadyS = (performance.now() - steadyStart) / 1000;
    pollTimers.forEach((timer) => clearTimeout(timer));
    const stopped = await Promise.all(
      fleets.map((fleet) => ask<FleetReport>(fleet, { type: 'stop' }, 'stopped')),
    );
    const changes = stopped.reduce((sum, r) => sum + (r.type === 'stopped' ? r.changes : 0), 0);

    fromChange.sort((a, b) => a - b);
    fromReport.sort((a, b) => a - b);
    pollLatencies.sort((a, b) => a - b);
    const loads = `${Math.min(...loadAverages).toFixed(1)}–${Math.max(...loadAverages).toFixed(1)}`;
    console.log(
      `fleet changes: ${(changes / steadyS).toFixed(0)} per second; CPU meanwhile: server ${(steadyCpuMs / steadyS / 10).toFixed(0)} %, fleet processes ${(steadyFleetCpuMs / steadyS / 10).toFixed(0)} % of a core; load average ${loads}`,
    );
    console.log(
      `change on the printer → devices-states (${fromChange.length} samples): p50 ${percentile(fromChange, 50).toFixed(0)} ms, p99 ${percentile(fromChange, 99).toFixed(0)} ms, max ${fromChange.at(-1)!.toFixed(0)} ms`,
    );
    console.log(
      `report leaving the printer → devices-states (${fromReport.length} samples): p50 ${percentile(fromReport, 50).toFixed(0)} ms, p99 ${percentile(fromReport, 99).toFixed(0)} ms, max ${fromReport.at(-1)!.toFixed(0)} ms`,
    );
    console.log(
      `devices-states of a ${PER_WORKSPACE}-printer workspace (${pollLatencies.length} polls): p50 ${percentile(pollLatencies, 50).toFixed(0)} ms, p99 ${percentile(pollLatencies, 99).toFixed(0)} ms`,
    );
  } finally {
    pollTimers.forEach((timer) => clearTimeout(timer));
    fleets.forEach((fleet) => fleet.connected && fleet.kill());
    await probes?.close();
    await product.stop();
  }
}

await main();
process.exit(0);
