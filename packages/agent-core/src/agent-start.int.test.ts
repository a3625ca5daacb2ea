import { afterEach, describe, expect, it } from 'vitest';
import { startVirtualOctoPrint, type VirtualOctoPrint } from '@printdeck/simulator';
import { DEVICE_PROTOCOL_VERSION, type AgentMessage, type DeviceState } from '@printdeck/shared';
import { startAgent, type Agent } from './agent.js';
import type { ServerLinkOptions } from './connection/server-link.js';
import type { InProcessServer } from './connection/in-process.js';
import { createIdentity } from './connection/identity.js';
import { silentLogger } from './log.js';
import { eventually, TEST_TUNING } from '../test-support/drivers.js';

/**
 * An agent that takes its OctoPrint key from the server (issue 30): the server sees no
 * "does not answer" and no "permission denied" while the key is on its way, only the printer
 * once the agent follows it. The link is the server's side in-process, so every state message
 * the agent sends is kept, not only what a poll happens to catch.
 */

let sim: VirtualOctoPrint | null = null;
let agent: Agent | null = null;

afterEach(async () => {
  await agent?.stop();
  await sim?.close();
  agent = null;
  sim = null;
});

/** A server side that welcomes the agent at once and hands it the key `keyAfterMs` later. */
function serverHandingKey(key: string | null, keyAfterMs: number) {
  const states: DeviceState[] = [];
  let current: Record<string, unknown> = {};
  const server: InProcessServer = {
    link: (options: ServerLinkOptions) => {
      let isOnline = false;
      return {
        get isOnline() {
          return isOnline;
        },
        start() {
          isOnline = true;
          options.onOnline({
            type: 'welcome',
            protocol: DEVICE_PROTOCOL_VERSION,
            server_version: 'test',
            heartbeat_ms: 60_000,
          });
          setTimeout(
            () => options.onConfigure?.({ type: 'configure', octoprint_api_key: key }),
            keyAfterMs,
          );
        },
        stop: async () => {
          isOnline = false;
        },
        send(message: AgentMessage) {
          if (message.type !== 'state') return true;
          current =
            message.kind === 'snapshot'
              ? { ...message.state }
              : { ...current, ...(message.state as Record<string, unknown>) };
          states.push(current as unknown as DeviceState);
          return true;
        },
      };
    },
    post: async () => 204,
    printFile: () => Promise.reject(new Error('no print files here')),
  };
  return { server, states };
}

const errorCodes = (states: DeviceState[]) => states.map((s) => s.error?.code ?? null);

describe('the agent takes its OctoPrint key from the server', () => {
  it('shows neither "does not answer" nor "permission denied" while the key is on its way', async () => {
    sim = await startVirtualOctoPrint({ speed: 0, tickMs: 10, pushIntervalMs: 20 });
    const { server, states } = serverHandingKey(sim.apiKey, 300);
    agent = startAgent({
      serverUrl: 'http://127.0.0.1:9',
      deviceKey: 'unused',
      identity: createIdentity(),
      printer: { kind: 'octoprint', url: sim.url },
      localIpAddress: null,
      log: silentLogger,
      tuning: { ...TEST_TUNING, stateIntervalMs: 0 },
      inProcess: server,
    });
    await eventually(
      'the printer ready on the server',
      () => states.at(-1)?.state.text,
      (text) => text === 'Operational',
    );
    expect(errorCodes(states)).not.toContain('printer-unreachable');
    expect(errorCodes(states)).not.toContain('permission-denied');
    await eventually(
      'the push socket',
      () => sim!.pushSocketsOpened(),
      (n) => n > 0,
    );
    expect(sim.pushSocketsOpened()).toBe(1);
  });

  it('a server with no key for the printer: permission denied, said once the wait is over', async () => {
    sim = await startVirtualOctoPrint({ speed: 0, tickMs: 10, pushIntervalMs: 20 });
    const { server, states } = serverHandingKey(null, 50);
    agent = startAgent({
      serverUrl: 'http://127.0.0.1:9',
      deviceKey: 'unused',
      identity: createIdentity(),
      printer: { kind: 'octoprint', url: sim.url },
      localIpAddress: null,
      log: silentLogger,
      tuning: { ...TEST_TUNING, stateIntervalMs: 0 },
      inProcess: server,
    });
    await eventually(
      'permission denied on the server',
      () => states.at(-1)?.error?.code,
      (code) => code === 'permission-denied',
    );
    expect(errorCodes(states)).not.toContain('printer-unreachable');
  });

  it('an OctoPrint that is down at the start: does not answer, at once', async () => {
    sim = await startVirtualOctoPrint({ speed: 0, tickMs: 10, pushIntervalMs: 20 });
    const url = sim.url;
    await sim.close();
    sim = null;
    const { server, states } = serverHandingKey('ANYKEY', 5000);
    agent = startAgent({
      serverUrl: 'http://127.0.0.1:9',
      deviceKey: 'unused',
      identity: createIdentity(),
      printer: { kind: 'octoprint', url },
      localIpAddress: null,
      log: silentLogger,
      tuning: { ...TEST_TUNING, stateIntervalMs: 0 },
      inProcess: server,
    });
    const started = Date.now();
    await eventually(
      'does not answer on the server',
      () => states.at(-1)?.error?.code,
      (code) => code === 'printer-unreachable',
    );
    // not held back until the key comes (5 s): nothing at the address is news at once
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
