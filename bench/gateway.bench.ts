/**
 * Device gateway figures (issue 3): N lightweight simulated agents push state every 2 s while
 * pollers read devices-states every 2 s for each 100-printer workspace.
 * `npm run bench:gateway -- --devices N [--seconds S] [--processes P]` prints connect time,
 * state updates per second, device→API state latency (p50/p99), devices-states p50/p99, the
 * server's event loop delay and garbage collections during the steady pushes, and its memory
 * per device (RSS, and the JS heap after a full collection). The agents run in P child
 * processes (`gateway-agents.ts`): one process holding 5,000 sockets and their pushes
 * saturated before the server did (issue 31).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type WebSocket from 'ws';
import os from 'node:os';
import {
  WINDOW_MS,
  type AgentsCommand,
  type AgentsReport,
  type PushSchedule,
} from './gateway-agents.js';
import {
  callApi,
  cpuMilliseconds,
  findFreePort,
  inBatches,
  percentile,
  rssMegabytes,
  startSignedInProduct,
} from './bench-helpers.js';
import { connectLightAgent, createBenchFleet, patchWith } from './light-agents.js';
import {
  heapAfterGcMegabytes,
  memoryParts,
  inspectorArgument,
  readLoopFigures,
  startLoopFigures,
} from './server-figures.js';

/** A child process with its share of the agents, spoken to over IPC. */
function forkAgents(): ChildProcess {
  const entry = fileURLToPath(new URL('./gateway-agents.ts', import.meta.url));
  return fork(entry, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

async function ask(child: ChildProcess, command: AgentsCommand, answer: AgentsReport['type']) {
  const reply = new Promise<AgentsReport>((resolve, reject) => {
    const onMessage = (message: AgentsReport) => {
      if (message.type !== answer) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`agents process ended (${code})`)));
  });
  child.send(command);
  return reply;
}

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    processes: { type: 'string', default: '4' },
    // `interval` repeats the bench's pushes before issue 31's p99 round (gateway-agents.ts)
    schedule: { type: 'string', default: 'phase' },
  },
});
const SCHEDULE = values.schedule as PushSchedule;
if (SCHEDULE !== 'phase' && SCHEDULE !== 'interval')
  throw new Error('--schedule is phase (the default) or interval');
const PROCESSES = Number(values.processes);
const DEVICES = Number(values.devices);
const SECONDS = Number(values.seconds);
const PER_WORKSPACE = 100;
/** devices kept out of the steady pushes, so a marked value is not overwritten before it is read */
const PROBES = 20;

/** How evenly the agents' processes spread their pushes, added up per 10 ms window. */
function pushesPerWindow(reports: AgentsReport[]): { mean: number; p99: number; busiest: number } {
  const counts = new Map<number, number>();
  for (const report of reports) {
    if (report.type !== 'stopped') continue;
    for (const [window, count] of report.windows)
      counts.set(window, (counts.get(window) ?? 0) + count);
  }
  if (counts.size === 0) return { mean: 0, p99: 0, busiest: 0 };
  const first = Math.min(...counts.keys());
  const last = Math.max(...counts.keys());
  // the quiet windows count too: a burst is many pushes in one window and none around it
  const all = Array.from({ length: last - first + 1 }, (_, i) => counts.get(first + i) ?? 0);
  all.sort((a, b) => a - b);
  const total = all.reduce((sum, count) => sum + count, 0);
  return { mean: total / all.length, p99: percentile(all, 99), busiest: all[all.length - 1]! };
}

async function main(): Promise<void> {
  const inspectorPort = await findFreePort();
  const product = await startSignedInProduct({
    name: 'gw',
    nodeArgs: [inspectorArgument(inspectorPort)],
  });
  const { child, url, access } = product;
  const sockets: WebSocket[] = [];
  const agents: ChildProcess[] = [];
  try {
    const { workspaces, devices } = await createBenchFleet({
      url,
      access,
      count: DEVICES,
      perWorkspace: PER_WORKSPACE,
    });
    const heapBefore = await heapAfterGcMegabytes(inspectorPort);
    const rssBefore = rssMegabytes(child.pid!);
    const partsBefore = await memoryParts(inspectorPort);

    const connectCpu = cpuMilliseconds(child.pid!);
    const connectStart = performance.now();
    const pushing = devices.slice(0, DEVICES - PROBES);
    const share = Math.ceil(pushing.length / PROCESSES);
    agents.push(...Array.from({ length: PROCESSES }, forkAgents));
    const connected = await Promise.all(
      agents.map((agent, p) =>
        ask(
          agent,
          {
            type: 'connect',
            url,
            keys: pushing.slice(p * share, (p + 1) * share).map((device) => device.key),
          },
          'connected',
        ),
      ),
    );
    // the probes stay here: their marked values are read back through the API
    sockets.push(
      ...(await inBatches(PROBES, PROBES, (i) =>
        connectLightAgent(url, devices[DEVICES - PROBES + i]!.key),
      )),
    );
    const connectMs = performance.now() - connectStart;
    const connectCpuMs = cpuMilliseconds(child.pid!) - connectCpu;
    const connectedCount =
      connected.reduce((sum, r) => sum + (r.type === 'connected' ? r.count : 0), 0) + PROBES;
    console.log(
      `${connectedCount} devices connected (hello + snapshot) from ${PROCESSES} processes in ${(connectMs / 1000).toFixed(1)} s; server CPU ${(connectCpuMs / 1000).toFixed(1)} s (${(connectCpuMs / DEVICES).toFixed(2)} ms per device); load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    await startLoopFigures(inspectorPort);
    const steadyCpu = cpuMilliseconds(child.pid!);
    const benchCpu = process.cpuUsage();

    // Steady load: every device pushes a change every 2 s, spread over the interval.
    agents.forEach((agent) =>
      agent.send({ type: 'push', schedule: SCHEDULE } satisfies AgentsCommand),
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
      const probe = Math.floor(Math.random() * PROBES);
      const index = DEVICES - PROBES + probe;
      const marker = 100 + Math.round(Math.random() * 1e6) / 1e4;
      const started = performance.now();
      sockets[probe]!.send(patchWith(marker));
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
    const steadyCpuMs = cpuMilliseconds(child.pid!) - steadyCpu;
    const loop = await readLoopFigures(inspectorPort);
    const rssAfter = rssMegabytes(child.pid!);
    const partsAfter = await memoryParts(inspectorPort);
    const benchUsage = process.cpuUsage(benchCpu);
    const benchCpuMs = (benchUsage.user + benchUsage.system) / 1000;
    pollTimers.forEach((timer) => clearInterval(timer));
    // the devices still connected (their pushes after this are not in the figures above)
    const heapAfter = await heapAfterGcMegabytes(inspectorPort);
    // the RSS before the devices is read after a full collection too: this pair compares the
    // memory the devices hold, not the garbage the last stretch of pushes left (issue 31)
    const rssAfterGc = rssMegabytes(child.pid!);
    const stopped = await Promise.all(
      agents.map((agent) => ask(agent, { type: 'stop' }, 'stopped')),
    );
    const sent = stopped.reduce((sum, r) => sum + (r.type === 'stopped' ? r.sent : 0), 0);
    const agentsCpuMs = stopped.reduce((sum, r) => sum + (r.type === 'stopped' ? r.cpuMs : 0), 0);
    const spread = pushesPerWindow(stopped);

    stateLatencies.sort((a, b) => a - b);
    pollLatencies.sort((a, b) => a - b);
    console.log(
      `state updates pushed: ${(sent / SECONDS).toFixed(0)} per second; server CPU ${(steadyCpuMs / SECONDS / 10).toFixed(0)} % of a core meanwhile; the agents' ${PROCESSES} processes ${(agentsCpuMs / SECONDS / 10).toFixed(0)} % together (the busiest ${(Math.max(...stopped.map((r) => (r.type === 'stopped' ? r.cpuMs : 0))) / SECONDS / 10).toFixed(0)} %), the pollers' process ${(benchCpuMs / SECONDS / 10).toFixed(0)} %; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `pushes per ${WINDOW_MS} ms window (${SCHEDULE} schedule, by the agents' clocks): mean ${spread.mean.toFixed(1)}, p99 ${spread.p99}, the busiest ${spread.busiest}`,
    );
    console.log(
      `state latency device → API (${stateLatencies.length} samples): p50 ${percentile(stateLatencies, 50).toFixed(1)} ms, p99 ${percentile(stateLatencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `devices-states of a ${PER_WORKSPACE}-printer workspace (${pollLatencies.length} polls): p50 ${percentile(pollLatencies, 50).toFixed(1)} ms, p99 ${percentile(pollLatencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `devices-states in the server, request to last byte (${loop.pollsInServerMs.length} answers): p50 ${percentile(loop.pollsInServerMs, 50).toFixed(1)} ms, p99 ${percentile(loop.pollsInServerMs, 99).toFixed(1)} ms, max ${loop.pollsInServerMs.at(-1)?.toFixed(1)} ms`,
    );
    console.log(
      `server event loop delay during the steady pushes (beyond its 10 ms sampling period): max ${loop.maxDelayMs.toFixed(1)} ms, p99 ${loop.p99DelayMs.toFixed(1)} ms; ${loop.collections} garbage collections (${loop.fullCollections} full), ${loop.collectionMs.toFixed(0)} ms in all, the longest ${loop.longestCollectionMs.toFixed(1)} ms`,
    );
    console.log(
      `server RSS: ${rssBefore.toFixed(0)} MB before the devices, ${rssAfter.toFixed(0)} MB with them: ${(((rssAfter - rssBefore) * 1024) / DEVICES).toFixed(1)} KB per device`,
    );
    console.log(
      `server memory (MB, before → with the devices): ${Object.keys(partsBefore)
        .map((part) => `${part} ${partsBefore[part]} → ${partsAfter[part]}`)
        .join(', ')}`,
    );
    console.log(
      `server JS heap after a full collection: ${heapBefore.toFixed(1)} MB before the devices, ${heapAfter.toFixed(1)} MB with them: ${(((heapAfter - heapBefore) * 1024) / DEVICES).toFixed(1)} KB per device`,
    );
    console.log(
      `server RSS after that collection: ${rssAfterGc.toFixed(0)} MB: ${(((rssAfterGc - rssBefore) * 1024) / DEVICES).toFixed(1)} KB per device`,
    );
  } finally {
    sockets.forEach((socket) => socket.terminate());
    agents.forEach((agent) => agent.connected && agent.kill());
    await product.stop();
  }
}

await main();
