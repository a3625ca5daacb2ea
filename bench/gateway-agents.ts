/**
 * A child process of `bench:gateway`: a share of the light agents, so the bench's own sockets
 * and pushes spread over several processes and the figures measure the server, not the bench.
 * Talks to its parent over IPC: `connect` (keys) → `connected`; `push` → every agent pushes a
 * change every 2 s, spread over the interval; `stop` → `stopped` (pushes sent, own CPU).
 */
import type WebSocket from 'ws';
import { inBatches } from './bench-helpers.js';
import { connectLightAgent, patchWith } from './light-agents.js';

export type AgentsCommand =
  { type: 'connect'; url: string; keys: string[] } | { type: 'push' } | { type: 'stop' };

export type AgentsReport =
  { type: 'connected'; count: number } | { type: 'stopped'; sent: number; cpuMs: number };

const sockets: WebSocket[] = [];
const timers: NodeJS.Timeout[] = [];
let sent = 0;
let cpuAtPush = process.cpuUsage();

const report = (message: AgentsReport, then?: () => void) =>
  process.send!(message, undefined, {}, () => then?.());

process.on('message', async (command: AgentsCommand) => {
  if (command.type === 'connect') {
    const { url, keys } = command;
    sockets.push(...(await inBatches(keys.length, 100, (i) => connectLightAgent(url, keys[i]!))));
    report({ type: 'connected', count: sockets.length });
  } else if (command.type === 'push') {
    cpuAtPush = process.cpuUsage();
    sockets.forEach((socket, i) =>
      timers.push(
        setTimeout(
          () =>
            timers.push(
              setInterval(() => {
                socket.send(patchWith(200 + Math.random() * 20));
                sent += 1;
              }, 2000),
            ),
          (i / sockets.length) * 2000,
        ),
      ),
    );
  } else {
    timers.forEach((timer) => clearTimeout(timer));
    const used = process.cpuUsage(cpuAtPush);
    sockets.forEach((socket) => socket.terminate());
    report({ type: 'stopped', sent, cpuMs: (used.user + used.system) / 1000 }, () =>
      process.disconnect(),
    );
  }
});
