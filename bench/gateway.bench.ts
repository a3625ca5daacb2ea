/**
 * Device gateway figures (issue 3): N lightweight simulated agents push state every 2 s while
 * pollers read devices-states every 2 s for each 100-printer workspace.
 * `npm run bench:gateway -- --devices N [--seconds S]` prints connect time, state updates per
 * second, device→API state latency (p50/p99), devices-states p99 and server RSS per device.
 */
import { parseArgs } from 'node:util';
import type WebSocket from 'ws';
import os from 'node:os';
import {
  callApi,
  cpuMilliseconds,
  inBatches,
  percentile,
  rssMegabytes,
  startSignedInProduct,
} from './bench-helpers.js';
import { connectLightAgent, createBenchFleet, patchWith } from './light-agents.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
  },
});
const DEVICES = Number(values.devices);
const SECONDS = Number(values.seconds);
const PER_WORKSPACE = 100;
/** devices kept out of the steady pushes, so a marked value is not overwritten before it is read */
const PROBES = 20;

async function main(): Promise<void> {
  const product = await startSignedInProduct({ name: 'gw' });
  const { child, url, access } = product;
  const sockets: WebSocket[] = [];
  try {
    const { workspaces, devices } = await createBenchFleet({
      url,
      access,
      count: DEVICES,
      perWorkspace: PER_WORKSPACE,
    });
    const rssBefore = rssMegabytes(child.pid!);

    const connectCpu = cpuMilliseconds(child.pid!);
    const connectStart = performance.now();
    sockets.push(
      ...(await inBatches(DEVICES, 200, (i) => connectLightAgent(url, devices[i]!.key))),
    );
    const connectMs = performance.now() - connectStart;
    const connectCpuMs = cpuMilliseconds(child.pid!) - connectCpu;
    console.log(
      `${DEVICES} devices connected (hello + snapshot) in ${(connectMs / 1000).toFixed(1)} s; server CPU ${(connectCpuMs / 1000).toFixed(1)} s (${(connectCpuMs / DEVICES).toFixed(2)} ms per device); load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const steadyCpu = cpuMilliseconds(child.pid!);
    const benchCpu = process.cpuUsage();

    // Steady load: every device pushes a change every 2 s, spread over the interval.
    let sent = 0;
    const pushTimers = sockets.slice(0, DEVICES - PROBES).map((socket, i) =>
      setTimeout(
        () => {
          const timer = setInterval(() => {
            socket.send(patchWith(200 + Math.random() * 20));
            sent += 1;
          }, 2000);
          pushTimers.push(timer);
        },
        (i / DEVICES) * 2000,
      ),
    );
    const pollLatencies: number[] = [];
    const pollTimers = workspaces.map((workspaceId, i) =>
      setTimeout(
        () => {
          const timer = setInterval(async () => {
            const started = performance.now();
            // a poll still on its way when the server stops is not a figure (nor a crash)
            const isAnswered = await callApi(
              url,
              access,
              'GET',
              `/api/groups/${workspaceId}/devices-states/`,
            ).then(
              () => true,
              () => false,
            );
            if (isAnswered) pollLatencies.push(performance.now() - started);
          }, 2000);
          pollTimers.push(timer);
        },
        (i / workspaces.length) * 2000,
      ),
    );

    // Device → API latency: a marked value pushed by one device, read back through the API.
    const stateLatencies: number[] = [];
    const deadline = Date.now() + SECONDS * 1000;
    while (Date.now() < deadline) {
      const index = DEVICES - PROBES + Math.floor(Math.random() * PROBES);
      const marker = 100 + Math.round(Math.random() * 1e6) / 1e4;
      const started = performance.now();
      sockets[index]!.send(patchWith(marker));
      for (;;) {
        const states = await callApi(
          url,
          access,
          'GET',
          `/api/groups/${devices[index]!.workspaceId}/devices-states/`,
        );
        const row = states.find(
          (s: { printer_id: number }) => s.printer_id === devices[index]!.printerId,
        );
        if (row?.temperature?.tool0?.actual === marker) break;
        if (performance.now() - started > 10_000)
          throw new Error('a pushed state did not reach the API within 10 s');
      }
      stateLatencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rssAfter = rssMegabytes(child.pid!);
    const steadyCpuMs = cpuMilliseconds(child.pid!) - steadyCpu;
    const benchUsage = process.cpuUsage(benchCpu);
    const benchCpuMs = (benchUsage.user + benchUsage.system) / 1000;
    [...pushTimers, ...pollTimers].forEach((timer) => clearInterval(timer));

    stateLatencies.sort((a, b) => a - b);
    pollLatencies.sort((a, b) => a - b);
    console.log(
      `state updates pushed: ${(sent / SECONDS).toFixed(0)} per second; server CPU ${(steadyCpuMs / SECONDS / 10).toFixed(0)} % of a core meanwhile, the bench's own agents and pollers ${(benchCpuMs / SECONDS / 10).toFixed(0)} %; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `state latency device → API (${stateLatencies.length} samples): p50 ${percentile(stateLatencies, 50).toFixed(1)} ms, p99 ${percentile(stateLatencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `devices-states of a ${PER_WORKSPACE}-printer workspace (${pollLatencies.length} polls): p50 ${percentile(pollLatencies, 50).toFixed(1)} ms, p99 ${percentile(pollLatencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `server RSS: ${rssBefore.toFixed(0)} MB before the devices, ${rssAfter.toFixed(0)} MB with them: ${(((rssAfter - rssBefore) * 1024) / DEVICES).toFixed(1)} KB per device`,
    );
  } finally {
    sockets.forEach((socket) => socket.terminate());
    await product.stop();
  }
}

await main();
