import path from 'node:path';
import {
  createIdentity,
  loadOrCreateIdentity,
  startAgent,
  type Agent,
  type Logger,
  type PrinterHost,
} from '@printdeck/agent-core';
import { startVirtualMoonraker, type VirtualMoonraker } from '../moonraker/server.js';
import { startVirtualBambu, type VirtualBambu } from '../bambu/server.js';
import { startVirtualPrusaLink, type VirtualPrusaLink } from '../prusalink/server.js';
import { startVirtualOctoPrint, type VirtualOctoPrint } from '../octoprint/server.js';
import { addPrinter, createDeviceKey, signIn } from './printdeck-api.js';

export const FLEET_KINDS = ['octoprint', 'moonraker', 'pill', 'prusalink', 'bambu'] as const;
export type FleetKind = (typeof FLEET_KINDS)[number];

export interface FleetOptions {
  /** the Printdeck server the agents dial */
  server: string;
  /** how many simulated printers of each kind */
  counts: Partial<Record<FleetKind, number>>;
  /** sign in, create a device key per printer, and (with a workspace) add each printer */
  account?: { email: string; password: string; workspace?: number };
  /** device keys to use instead, in order (one per printer) */
  keys?: string[];
  /** simulated seconds per real second (default 1; 0 freezes time for tests) */
  speed?: number;
  /** agent tuning, e.g. faster retries in tests */
  agentTuning?: Parameters<typeof startAgent>[0]['tuning'];
  /** each agent's log, by printer name */
  log?: (printerName: string) => Logger;
  /**
   * where each agent keeps its identity (one folder per device key), so a second start pairs
   * again with the same keys; without it every start makes new identities, which only fresh
   * keys accept
   */
  stateDir?: string;
}

export interface FleetPrinter {
  kind: FleetKind;
  name: string;
  key: string;
  /** the agent's own identity, which the key pairs with at its first connection */
  identity: string;
  /** the printer's id in the workspace, when the fleet added it */
  printerId: number | null;
  sim: FleetSimulator;
  agent: Agent;
}

export interface Fleet {
  printers: FleetPrinter[];
  close(): Promise<void>;
}

const TITLES: Record<FleetKind, string> = {
  octoprint: 'OctoPrint',
  moonraker: 'Klipper',
  pill: 'Pill',
  prusalink: 'Prusa MK4',
  bambu: 'Bambu P1S',
};

type FleetSimulator = VirtualOctoPrint | VirtualMoonraker | VirtualPrusaLink | VirtualBambu;

/** The printers to start, in order: every OctoPrint, then every Klipper, then every pill. */
export function planFleet(
  counts: FleetOptions['counts'],
): Array<{ kind: FleetKind; name: string }> {
  return FLEET_KINDS.flatMap((kind) =>
    Array.from({ length: counts[kind] ?? 0 }, (_, i) => ({
      kind,
      name: `${TITLES[kind]} ${i + 1}`,
    })),
  );
}

/**
 * N simulated printers, each with a real agent in this process: a demo or a load test of the
 * gateway. Keys come from `keys`, or are created for the account (and the printers added to
 * its workspace).
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const plan = planFleet(options.counts);
  if (options.keys && options.keys.length < plan.length) {
    throw new Error(
      `${plan.length} printers need ${plan.length} device keys; got ${options.keys.length}`,
    );
  }
  if (!options.keys && !options.account) throw new Error('give either device keys or an account');
  const access = options.account
    ? await signIn(options.server, options.account.email, options.account.password)
    : null;
  const printers: FleetPrinter[] = [];
  const fleet: Fleet = {
    printers,
    close: async () => {
      await Promise.all(printers.map((p) => p.agent.stop()));
      await Promise.all(printers.map((p) => p.sim.close()));
    },
  };
  try {
    for (const [index, { kind, name }] of plan.entries()) {
      const key = options.keys?.[index] ?? (await createDeviceKey(options.server, access!));
      const sim = await startSimulator(kind, name, options.speed ?? 1);
      const identity = options.stateDir
        ? loadOrCreateIdentity(path.join(options.stateDir, key.split('.')[0]!))
        : createIdentity();
      const agent = startAgent({
        serverUrl: options.server,
        deviceKey: key,
        identity,
        printer: printerHost(kind, sim),
        ...(options.log ? { log: options.log(name) } : {}),
        ...(options.agentTuning ? { tuning: options.agentTuning } : {}),
      });
      const printer: FleetPrinter = { kind, name, key, identity, printerId: null, sim, agent };
      printers.push(printer);
      const workspace = options.account?.workspace;
      if (access && workspace !== undefined) {
        printer.printerId = await addPrinter(options.server, access, {
          group: workspace,
          name,
          token: key,
        });
      }
    }
  } catch (error) {
    await fleet.close();
    throw error;
  }
  return fleet;
}

function startSimulator(kind: FleetKind, name: string, speed: number): Promise<FleetSimulator> {
  if (kind === 'prusalink') return startVirtualPrusaLink({ name, speed });
  if (kind === 'bambu') return startVirtualBambu({ name, speed });
  return kind === 'moonraker'
    ? startVirtualMoonraker({ name, speed })
    : startVirtualOctoPrint({ name, speed, ...(kind === 'pill' ? { camera: {} } : {}) });
}

function printerHost(kind: FleetKind, sim: FleetSimulator): PrinterHost {
  if (kind === 'moonraker') return { kind, url: sim.url };
  if (kind === 'bambu') {
    const bambu = sim as VirtualBambu;
    return {
      kind,
      url: bambu.host,
      serial: bambu.serial,
      accessCode: bambu.accessCode,
      mqttPort: bambu.mqttPort,
      ftpsPort: bambu.ftpsPort,
      cameraPort: bambu.cameraPort,
    };
  }
  if (kind === 'prusalink')
    return { kind, url: sim.url, password: (sim as VirtualPrusaLink).password };
  return { kind, url: sim.url, apiKey: (sim as VirtualOctoPrint).apiKey };
}
