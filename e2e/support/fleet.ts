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
  startAgent(options: {
    serverUrl: string;
    deviceKey: string;
    identity: string;
    printer: { kind: FleetKind; url: string; apiKey?: string };
    log: unknown;
  }): FleetAgent;
}

type LogEntry = (message: string, fields?: Record<string, unknown>) => void;

/** The last lines the fleet's agents logged in this worker: a failed test prints them. */
const agentLog: string[] = [];
const AGENT_LOG_LINES = 300;

/** An agent's logger that keeps its lines (info and above) for `readAgentLog`. */
function recordingLogger(name: string): Record<'debug' | 'info' | 'warn' | 'error', LogEntry> {
  const keep =
    (level: string): LogEntry =>
    (message, fields) => {
      const extra = fields ? ` ${JSON.stringify(fields)}` : '';
      agentLog.push(`${new Date().toISOString()} ${level} [${name}] ${message}${extra}`);
      if (agentLog.length > AGENT_LOG_LINES) agentLog.shift();
    };
  return { debug: () => undefined, info: keep('info'), warn: keep('warn'), error: keep('error') };
}

/** What the fleet's agents said, oldest first (why a device stayed offline, when a test failed). */
export function readAgentLog(): string {
  return agentLog.join('\n');
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
  agentLog.length = 0;
  const { startFleet } = (await import(/* @vite-ignore */ FLEET_MODULE)) as {
    startFleet(options: object): Promise<Fleet>;
  };
  return startFleet({ ...options, log: recordingLogger });
}

/** A new agent for a fleet printer whose agent was stopped (the device comes back). */
export async function restartAgent(server: string, printer: FleetPrinter): Promise<FleetAgent> {
  const { startAgent } = await loadAgent();
  return startAgent({
    serverUrl: server,
    deviceKey: printer.key,
    identity: printer.identity,
    printer: { kind: printer.kind, url: printer.sim.url, apiKey: printer.sim.apiKey },
    log: recordingLogger(`${printer.name}, restarted`),
  });
}
