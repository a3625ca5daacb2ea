import type { VirtualPrinter } from '@printdeck/simulator';

/**
 * The simulated fleet (virtual OctoPrint/Moonraker with the real agent), loaded at run time:
 * the agent's sources are compiled for Node alone, and the e2e project's DOM types clash
 * with them, so only the few types these tests use are declared here.
 */
export type FleetKind = 'octoprint' | 'moonraker' | 'pill';

export interface FleetAgent {
  stop(): Promise<unknown>;
}

export interface FleetPrinter {
  kind: FleetKind;
  name: string;
  key: string;
  identity: string;
  sim: { url: string; apiKey?: string; printer: VirtualPrinter };
  agent: FleetAgent;
}

export interface Fleet {
  printers: FleetPrinter[];
  close(): Promise<void>;
}

const FLEET_MODULE: string = '@printdeck/simulator/fleet';
const AGENT_MODULE: string = '@printdeck/agent-core';

interface AgentModule {
  silentLogger: unknown;
  startAgent(options: {
    serverUrl: string;
    deviceKey: string;
    identity: string;
    printer: { kind: FleetKind; url: string; apiKey?: string };
    log: unknown;
  }): FleetAgent;
}

async function loadAgent(): Promise<AgentModule> {
  return (await import(/* @vite-ignore */ AGENT_MODULE)) as AgentModule;
}

/** One simulated printer per key, in the order octoprint, moonraker, pill. */
export async function startSimulatedFleet(options: {
  server: string;
  counts: Partial<Record<FleetKind, number>>;
  keys: string[];
  speed: number;
  /** e.g. a timelapse frame every half second instead of every 10 s */
  agentTuning?: { timelapseIntervalMs?: number };
}): Promise<Fleet> {
  const { silentLogger } = await loadAgent();
  const { startFleet } = (await import(/* @vite-ignore */ FLEET_MODULE)) as {
    startFleet(options: object): Promise<Fleet>;
  };
  return startFleet({ ...options, log: () => silentLogger });
}

/** A new agent for a fleet printer whose agent was stopped (the device comes back). */
export async function restartAgent(server: string, printer: FleetPrinter): Promise<FleetAgent> {
  const { startAgent, silentLogger } = await loadAgent();
  return startAgent({
    serverUrl: server,
    deviceKey: printer.key,
    identity: printer.identity,
    printer: { kind: printer.kind, url: printer.sim.url, apiKey: printer.sim.apiKey },
    log: silentLogger,
  });
}
