/**
 * The 10× farm with its agents (issue 31's last goal): 1,000 printers in one workspace with a
 * year of history and 10,000 queued items (`scale-farm.ts`), every printer's agent connected
 * over the device socket from child processes (`gateway-agents.ts`) and pushing a change every
 * 2 s, the queue's dispatcher looking on each state and ticking every 5 s, while `/api/health`
 * is asked every 100 ms. Prints how many agents stayed connected, the health answers' p50, p99
 * and slowest, and the dispatcher's ticks.
 *
 * `npm run bench:farm-health -- [--scale 10] [--seconds 60] [--processes 4]` (SQLite; with
 * DATABASE_URL on PostgreSQL). The server runs in this process (the farm is built through it);
 * the agents in their own processes, so the server's loop holds only the server and the probe.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ask, forkChild } from './bench-children.js';
import type { AgentsCommand, AgentsReport } from './gateway-agents.js';
import { percentile } from './bench-helpers.js';
import { buildFarm, farmDeviceKeys } from './scale-farm.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '60' },
    processes: { type: 'string', default: '4' },
  },
});
const SCALE = Number(values.scale);
const SECONDS = Number(values.seconds);
const PROCESSES = Number(values.processes);
const PROBE_EVERY_MS = 100;
const QUEUE_TICK_MS = 5000;
const HEALTH_GOAL_MS = 100;

const started = performance.now();
const farm = await buildFarm(SCALE, { devices: 'none' });
const { t } = farm;
const live = t.server.services.devices.live;
const dispatcher = t.server.services.printQueue.dispatcher;
const keys = await farmDeviceKeys(t);
console.log(
  `${SCALE}× farm built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${keys.length} printers; ${t.server.database.dialect}`,
);

let disconnects = 0;
live.onPresence((_deviceKeyId, change) => {
  if (change.kind === 'detached') disconnects += 1;
});

const agents: ChildProcess[] = [];
try {
  const share = Math.ceil(keys.length / PROCESSES);
  agents.push(...Array.from({ length: PROCESSES }, () => forkChild('gateway-agents.ts')));
  const connectStart = performance.now();
  await Promise.all(
    agents.map((agent, p) =>
      ask<AgentsReport>(
        agent,
        { type: 'connect', url: t.baseUrl, keys: keys.slice(p * share, (p + 1) * share) },
        'connected',
      ),
    ),
  );
  await dispatcher.whenIdle();
  console.log(
    `${live.connectedCount()} of ${keys.length} agents connected in ${((performance.now() - connectStart) / 1000).toFixed(1)} s; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );

  // the product's periodic tick (the farm's build stopped it: its figures call the tick by hand)
  const tickTimes: number[] = [];
  const ticker = setInterval(() => {
    const t0 = performance.now();
    void dispatcher.tick().then(() => tickTimes.push(performance.now() - t0));
  }, QUEUE_TICK_MS);
  agents.forEach((agent) =>
    agent.send({ type: 'push', schedule: 'phase' } satisfies AgentsCommand),
  );
  const disconnectsBefore = disconnects;
  const cpuBefore = process.cpuUsage();
  const health: number[] = [];
  let failed = 0;
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    const answer = await fetch(`${t.baseUrl}/api/health`);
    await answer.arrayBuffer();
    health.push(performance.now() - t0);
    if (!answer.ok) failed += 1;
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, t0 + PROBE_EVERY_MS - performance.now())),
    );
  }
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(ticker);
  const connectedAtEnd = live.connectedCount();
  const disconnectsDuring = disconnects - disconnectsBefore; // before the agents are stopped
  const reports = await Promise.all(
    agents.map((agent) => ask<AgentsReport>(agent, { type: 'stop' }, 'stopped')),
  );
  const pushes = reports.reduce((sum, r) => sum + (r.type === 'stopped' ? r.sent : 0), 0);
  health.sort((a, b) => a - b);
  tickTimes.sort((a, b) => a - b);
  console.log(
    `pushes: ${(pushes / SECONDS).toFixed(0)} per second; this process (server and probe) ${((cpu.user + cpu.system) / 10_000 / SECONDS).toFixed(0)} % of a core; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `agents connected at the end: ${connectedAtEnd} of ${keys.length}; disconnects during the ${SECONDS} s: ${disconnectsDuring}`,
  );
  console.log(
    `/api/health (${health.length} answers, ${failed} not 200): p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, slowest ${health.at(-1)!.toFixed(1)} ms; goal every answer within ${HEALTH_GOAL_MS} ms: ${health.at(-1)! <= HEALTH_GOAL_MS ? 'met' : 'missed'}`,
  );
  console.log(
    `dispatcher ticks: ${tickTimes.length}, wall p50 ${percentile(tickTimes, 50).toFixed(1)} ms, slowest ${(tickTimes.at(-1) ?? 0).toFixed(1)} ms`,
  );
} finally {
  agents.forEach((agent) => agent.kill());
  await t.close();
}
