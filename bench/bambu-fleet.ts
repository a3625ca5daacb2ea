/**
 * A child process of `bench:bambu-states`: a share of the fleet, each printer a virtual Bambu
 * Lab P1S (MQTT over TLS, its own broker) with the real agent (the Bambu driver) dialling the
 * server, as a farm's printers each have an agent next to them. Spoken to over IPC: `start`
 * (server, keys) → `started`; `change` → every printer changes its nozzle target every
 * `everyMs`, spread over the interval, so each sends a report as a busy farm does; `stop` →
 * `stopped` with the process's CPU since `start`.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { createIdentity, silentLogger, startAgent, type Agent } from '@printdeck/agent-core';
import { startVirtualBambu, type VirtualBambu } from '@printdeck/simulator';
import { inBatches } from './bench-helpers.js';

export type FleetCommand =
  | { type: 'start'; url: string; keys: string[] }
  | { type: 'change'; everyMs: number }
  | { type: 'stop' };

export type FleetReport =
  { type: 'started'; count: number } | { type: 'stopped'; changes: number; cpuMs: number };

/** Bambu printers each with the agent of apps/agent, as `startAgent` runs it. */
export async function startBambuFleet(
  url: string,
  keys: string[],
  onReport?: (index: number, message: Record<string, unknown>) => void,
): Promise<{ sims: VirtualBambu[]; agents: Agent[]; close(): Promise<void> }> {
  const sims: VirtualBambu[] = [];
  const agents: Agent[] = [];
  // One TLS handshake and MQTT login per printer, and one upgrade at the server: a few at a
  // time, the next few once these are in. A herd of 1,000 on a loaded machine runs into
  // timeouts and then waits out the agents' backoff (up to a minute) instead.
  await inBatches(keys.length, 25, async (i) => {
    const sim = await startVirtualBambu({
      accessCode: '27418093',
      ...(onReport ? { onReport: (message) => onReport(i, message) } : {}),
    });
    sims[i] = sim;
    let isIn: () => void = () => undefined;
    const online = new Promise<void>((resolve) => (isIn = resolve));
    agents[i] = startAgent({
      serverUrl: url,
      deviceKey: keys[i]!,
      identity: createIdentity(),
      printer: {
        kind: 'bambu',
        url: sim.host,
        serial: sim.serial,
        accessCode: sim.accessCode,
        mqttPort: sim.mqttPort,
        ftpsPort: sim.ftpsPort,
        cameraPort: sim.cameraPort,
      },
      log: silentLogger,
      localIpAddress: null,
      onConnectionChange: (isOnline) => isOnline && isIn(),
    });
    // an agent that gives up never gets its printer ready: say which one and why, at once
    void agents[i].stopped.then((stop) => {
      if (stop.reason !== 'stopped') console.error(`printer ${i}: agent stopped (${stop.message})`);
    });
    // bounded: an agent still out after a minute keeps trying while the next ones start
    await Promise.race([online, agents[i].stopped, delay(60_000, undefined, { ref: false })]);
  });
  return {
    sims,
    agents,
    async close() {
      await Promise.all(agents.map((agent) => agent.stop()));
      await Promise.all(sims.map((sim) => sim.close()));
    },
  };
}

// run as a child process of the bench
if (process.send) {
  let fleet: Awaited<ReturnType<typeof startBambuFleet>> | null = null;
  const timers: NodeJS.Timeout[] = [];
  let changes = 0;
  let cpuAtStart = process.cpuUsage();
  const report = (message: FleetReport, then?: () => void) =>
    process.send!(message, undefined, {}, () => then?.());

  process.on('message', (command: FleetCommand) => {
    void (async () => {
      if (command.type === 'start') {
        cpuAtStart = process.cpuUsage();
        fleet = await startBambuFleet(command.url, command.keys);
        report({ type: 'started', count: fleet.sims.length });
      } else if (command.type === 'change') {
        fleet?.sims.forEach((sim, i) => {
          const change = () => {
            const { extruder } = sim.printer;
            sim.printer.setHeaterTarget(extruder, extruder.target === 210 ? 211 : 210);
            changes += 1;
          };
          const spread = (i / fleet!.sims.length) * command.everyMs;
          timers.push(setTimeout(() => timers.push(setInterval(change, command.everyMs)), spread));
        });
      } else {
        timers.forEach((timer) => clearTimeout(timer));
        const used = process.cpuUsage(cpuAtStart);
        await fleet?.close();
        report({ type: 'stopped', changes, cpuMs: (used.user + used.system) / 1000 }, () =>
          process.exit(0),
        );
      }
    })();
  });
}
