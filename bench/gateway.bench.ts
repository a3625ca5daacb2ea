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
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import type WebSocket from 'ws';
import os from 'node:os';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import {
  WINDOW_MS,
  type AgentsCommand,
  type AgentsReport,
  type PushSchedule,
} from './gateway-agents.js';
import type { PollersCommand, PollersReport } from './gateway-pollers.js';
import { ask, forkChild } from './bench-children.js';
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
  startAllocationSampling,
  startLoopFigures,
} from './server-figures.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    processes: { type: 'string', default: '4' },
    // `interval` repeats the bench's pushes before issue 31's p99 round (gateway-agents.ts)
    schedule: { type: 'string', default: 'phase' },
    // `all`, `promoted` or `live`: the server's top allocating functions during the steady pushes
    allocations: { type: 'string' },
  },
});
const SCHEDULE = values.schedule as PushSchedule;
if (SCHEDULE !== 'phase' && SCHEDULE !== 'interval')
  throw new Error('--schedule is phase (the default) or interval');
const ALLOCATION_KINDS = ['all', 'promoted', 'live'] as const;
const ALLOCATIONS = values.allocations as (typeof ALLOCATION_KINDS)[number] | undefined;
if (ALLOCATIONS !== undefined && !ALLOCATION_KINDS.includes(ALLOCATIONS))
  throw new Error(
    '--allocations is all (every allocation), promoted (what outlived the young generation) or live (what is still held)',
  );
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
  let pollers: ChildProcess | undefined;
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
    agents.push(...Array.from({ length: PROCESSES }, () => forkChild('gateway-agents.ts')));
    const connected = await Promise.all(
      agents.map((agent, p) =>
        ask<AgentsReport>(
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
    const stopAllocationSampling = ALLOCATIONS
      ? await startAllocationSampling(inspectorPort, ALLOCATIONS)
      : null;
    const steadyCpu = cpuMilliseconds(child.pid!);
    const benchCpu = process.cpuUsage();

    // Steady load: every device pushes a change every 2 s, spread over the interval.
    agents.forEach((agent) =>
      agent.send({ type: 'push', schedule: SCHEDULE } satisfies AgentsCommand),
    );
    pollers = forkChild('gateway-pollers.ts');
    pollers.send({ type: 'poll', url, access, workspaces } satisfies PollersCommand);

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
    const allocations = await stopAllocationSampling?.();
    const rssAfter = rssMegabytes(child.pid!);
    const partsAfter = await memoryParts(inspectorPort);
    const benchUsage = process.cpuUsage(benchCpu);
    const benchCpuMs = (benchUsage.user + benchUsage.system) / 1000;
    const polled = await ask<PollersReport>(pollers, { type: 'stop' }, 'stopped');
    // the devices still connected (their pushes after this are not in the figures above)
    const heapAfter = await heapAfterGcMegabytes(inspectorPort);
    // the RSS before the devices is read after a full collection too: this pair compares the
    // memory the devices hold, not the garbage the last stretch of pushes left (issue 31)
    const rssAfterGc = rssMegabytes(child.pid!);
    const partsAfterGc = await memoryParts(inspectorPort);
    const stopped = await Promise.all(
      agents.map((agent) => ask<AgentsReport>(agent, { type: 'stop' }, 'stopped')),
    );
    const sent = stopped.reduce((sum, r) => sum + (r.type === 'stopped' ? r.sent : 0), 0);
    const agentsCpuMs = stopped.reduce((sum, r) => sum + (r.type === 'stopped' ? r.cpuMs : 0), 0);
    const spread = pushesPerWindow(stopped);

    stateLatencies.sort((a, b) => a - b);
    const [toHeaders, toLastByte, toParsed] = [
      polled.headersMs,
      polled.lastByteMs,
      polled.parsedMs,
    ].map((times) => times.sort((a, b) => a - b));
    console.log(
      `state updates pushed: ${(sent / SECONDS).toFixed(0)} per second; server CPU ${(steadyCpuMs / SECONDS / 10).toFixed(0)} % of a core meanwhile; the agents' ${PROCESSES} processes ${(agentsCpuMs / SECONDS / 10).toFixed(0)} % together (the busiest ${(Math.max(...stopped.map((r) => (r.type === 'stopped' ? r.cpuMs : 0))) / SECONDS / 10).toFixed(0)} %), the pollers' process ${(polled.cpuMs / SECONDS / 10).toFixed(0)} %, the bench's own (the probes) ${(benchCpuMs / SECONDS / 10).toFixed(0)} %; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `pushes per ${WINDOW_MS} ms window (${SCHEDULE} schedule, by the agents' clocks): mean ${spread.mean.toFixed(1)}, p99 ${spread.p99}, the busiest ${spread.busiest}`,
    );
    console.log(
      `state latency device → API (${stateLatencies.length} samples): p50 ${percentile(stateLatencies, 50).toFixed(1)} ms, p99 ${percentile(stateLatencies, 99).toFixed(1)} ms`,
    );
    const figures = (times: number[]) =>
      `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`;
    console.log(
      `devices-states of a ${PER_WORKSPACE}-printer workspace (${toLastByte!.length} polls), request to last byte at the pollers: ${figures(toLastByte!)}; to the headers ${figures(toHeaders!)}; to the body decompressed and parsed ${figures(toParsed!)}`,
    );
    console.log(
      `devices-states in the server, request to last byte (${loop.pollsInServerMs.length} answers): p50 ${percentile(loop.pollsInServerMs, 50).toFixed(1)} ms, p99 ${percentile(loop.pollsInServerMs, 99).toFixed(1)} ms, max ${loop.pollsInServerMs.at(-1)?.toFixed(1)} ms`,
    );
    console.log(
      `server event loop delay during the steady pushes (beyond its 10 ms sampling period): max ${loop.maxDelayMs.toFixed(1)} ms, p99 ${loop.p99DelayMs.toFixed(1)} ms; ${loop.collections} garbage collections (${loop.fullCollections} full), ${loop.collectionMs.toFixed(0)} ms in all, the longest ${loop.longestCollectionMs.toFixed(1)} ms; those of 5 ms or more: ${
        Object.entries(loop.longCollections)
          .map(([kind, pauses]) => `${kind} ${pauses.join(', ')}`)
          .join('; ') || 'none'
      }`,
    );
    if (allocations) {
      const file = path.join(os.tmpdir(), `gateway-${Date.now()}.heapprofile`);
      await writeFile(file, JSON.stringify(allocations.profile));
      console.log(
        `the server's top allocating functions during the steady pushes (${{ all: 'every allocation', promoted: 'what outlived the young generation', live: 'what is still held at the end' }[ALLOCATIONS!]}; MB sampled, share; the whole profile: ${file}):\n${allocations.top
          .map(
            (site) =>
              `  ${site.megabytes.toFixed(1)} MB ${(site.share * 100).toFixed(1)} % ${site.where}`,
          )
          .join('\n')}`,
      );
    }
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
    // both read after a full collection: what of the RSS the devices hold is heap, and which
    console.log(
      `server memory after that collection (MB, before the devices → with them): ${Object.keys(
        partsBefore,
      )
        .map((part) => `${part} ${partsBefore[part]} → ${partsAfterGc[part]}`)
        .join(', ')}`,
    );
  } finally {
    sockets.forEach((socket) => socket.terminate());
    agents.forEach((agent) => agent.connected && agent.kill());
    if (pollers?.connected) pollers.kill();
    await product.stop();
  }
}

await main();
