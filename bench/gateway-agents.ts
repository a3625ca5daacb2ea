/**
 * A child process of `bench:gateway`: a share of the light agents, so the bench's own sockets
 * and pushes spread over several processes and the figures measure the server, not the bench.
 * Talks to its parent over IPC: `connect` (keys) → `connected`; `push` → every agent pushes a
 * change every 2 s, spread over the interval; `stop` → `stopped` (pushes sent, own CPU, and
 * how many were sent in each 10 ms window, to show how evenly they were spread).
 */
import type WebSocket from 'ws';
import { inBatches } from './bench-helpers.js';
import { connectLightAgent, patchWith } from './light-agents.js';

/**
 * How the agents time their pushes. `phase`: each device keeps its own phase in the interval,
 * as agents on their own machines do: a late push does not move its next one. `interval`: one
 * `setInterval` per device (the bench until issue 31's p99 round): Node restarts every interval
 * run in one timer pass from that pass's time, so devices late together (a collection, the CPU
 * taken by another process) stay together from then on, and the fleet gathers into bursts.
 */
export type PushSchedule = 'phase' | 'interval';

export type AgentsCommand =
  | { type: 'connect'; url: string; keys: string[] }
  | { type: 'push'; schedule: PushSchedule }
  | { type: 'stop' };

export type AgentsReport =
  | { type: 'connected'; count: number }
  | {
      type: 'stopped';
      sent: number;
      cpuMs: number;
      /** pushes sent per 10 ms window, keyed by the window's wall-clock start / 10 ms */
      windows: Array<[number, number]>;
    };

const PUSH_INTERVAL_MS = 2000;
export const WINDOW_MS = 10;

const sockets: WebSocket[] = [];
const timers: NodeJS.Timeout[] = [];
const windows = new Map<number, number>();
let sent = 0;
let cpuAtPush = process.cpuUsage();

const report = (message: AgentsReport, then?: () => void) =>
  process.send!(message, undefined, {}, () => then?.());

function push(socket: WebSocket): void {
  socket.send(patchWith(200 + Math.random() * 20));
  sent += 1;
  // wall clock: the windows of the agents' processes are added up by the parent
  const window = Math.floor((performance.timeOrigin + performance.now()) / WINDOW_MS);
  windows.set(window, (windows.get(window) ?? 0) + 1);
}

/** Device `i` pushes at `startAt + k × interval` (k ≥ 1), whenever its previous push ran. */
function pushInPhase(socket: WebSocket, i: number, startAt: number): void {
  let due = startAt + PUSH_INTERVAL_MS;
  const next = () => {
    push(socket);
    due += PUSH_INTERVAL_MS;
    timers[i] = setTimeout(next, Math.max(0, due - performance.now()));
  };
  timers[i] = setTimeout(next, Math.max(0, due - performance.now()));
}

function pushOnInterval(socket: WebSocket, i: number, startAt: number): void {
  timers[i] = setTimeout(
    () => {
      timers[i] = setInterval(() => push(socket), PUSH_INTERVAL_MS);
    },
    Math.max(0, startAt - performance.now()),
  );
}

process.on('message', async (command: AgentsCommand) => {
  if (command.type === 'connect') {
    const { url, keys } = command;
    sockets.push(...(await inBatches(keys.length, 100, (i) => connectLightAgent(url, keys[i]!))));
    report({ type: 'connected', count: sockets.length });
  } else if (command.type === 'push') {
    cpuAtPush = process.cpuUsage();
    const start = performance.now();
    const schedule = command.schedule === 'phase' ? pushInPhase : pushOnInterval;
    sockets.forEach((socket, i) =>
      schedule(socket, i, start + (i / sockets.length) * PUSH_INTERVAL_MS),
    );
  } else {
    timers.forEach((timer) => clearTimeout(timer));
    const used = process.cpuUsage(cpuAtPush);
    sockets.forEach((socket) => socket.terminate());
    report(
      {
        type: 'stopped',
        sent,
        cpuMs: (used.user + used.system) / 1000,
        windows: [...windows],
      },
      () => process.disconnect(),
    );
  }
});
