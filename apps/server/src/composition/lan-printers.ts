import { probePrinter, type AgentTuning } from '@printdeck/agent-core';
import type { Clock } from '../clock.js';
import type { Leases } from '../cluster/cluster.js';
import { createSecretBox } from '../crypto/secret-box.js';
import type { Db } from '../db/database.js';
import type { PrinterServices } from './printers.js';
import type { FileServices } from './files.js';
import { createBuiltInAgents } from '../modules/lan-printers/built-in-agents.js';
import { createLanNetwork } from '../modules/lan-printers/lan-host-network.js';
import type { BambuPorts } from '../modules/lan-printers/lan-printer-hosts.js';
import { createNetworkPolicy, type LanNetwork } from '../modules/lan-printers/lan-networks.js';
import { createLanPrintersRepository } from '../modules/lan-printers/lan-printers.repository.js';
import { createLanPrintersService } from '../modules/lan-printers/lan-printers.service.js';
import { resolveFfmpegPath } from '../modules/videos/ffmpeg.js';
import { listenForBambuPrinters } from '../modules/lan-printers/bambu-discovery.js';
import { createLanDiscoveryService } from '../modules/lan-printers/lan-discovery.service.js';
import type { FrameIngestService } from '../modules/videos/frame-ingest.service.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';
import type { FileStorage } from '../storage/file-storage.js';

/** LAN mode (issue 17): the built-in agents and the printers they drive. */
export function createLanPrinterServices(deps: {
  db: Db;
  clock: Clock;
  jwtSecret: string;
  dataDir: string;
  storage: FileStorage;
  /** LAN_PRINTER_NETWORKS; empty: LAN mode off */
  networks: LanNetwork[];
  devices: PrinterServices;
  files: FileServices;
  frames: FrameIngestService;
  workspaces: WorkspacesService;
  agentTuning?: Partial<AgentTuning> | undefined;
  /** one built-in agent per LAN printer across the instances */
  leases: Leases;
  /** LAN_BAMBU_PORTS; absent: the printers' own */
  bambuPorts?: BambuPorts;
  /** LAN_BAMBU_DISCOVERY_PORT; undefined: the server listens for no announcement */
  discoveryPort: number | undefined;
  /** FFMPEG_PATH; undefined: the bundled one (the X1/H2 RTSPS camera) */
  ffmpegPath: string | undefined;
  /** how long the try of a new printer's credentials waits (default 10 s) */
  probeTimeoutMs?: number;
}) {
  const policy = deps.networks.length > 0 ? createNetworkPolicy(deps.networks) : null;
  const network = policy ? createLanNetwork(policy) : null;
  const { storage } = deps;
  const agents = createBuiltInAgents({
    live: deps.devices.live,
    network,
    dataDir: deps.dataDir,
    frames: deps.frames,
    files: deps.files.filesRepository,
    downloadTokens: deps.files.downloadTokens,
    holdLocalCopy: (key) => storage.holdLocalCopy(key),
    onDeviceHello: (deviceKeyId, driver) =>
      deps.devices.printers.onDeviceHello(deviceKeyId, driver),
    tuning: deps.agentTuning,
    leases: deps.leases,
  });
  const service = createLanPrintersService({
    lanPrinters: createLanPrintersRepository(deps.db),
    deviceKeys: deps.devices.deviceKeys,
    printers: deps.devices.printers,
    workspaces: deps.workspaces,
    agents,
    policy,
    secretBox: createSecretBox(deps.jwtSecret, 'lan-printer-api-key'),
    clock: deps.clock,
    getPrinterForUser: deps.devices.getPrinterForUser,
    probe: (host) =>
      probePrinter(host, {
        network: network ?? undefined,
        timeoutMs: deps.probeTimeoutMs ?? 10_000,
      }),
    dataDir: deps.dataDir,
    ...(deps.bambuPorts ? { bambuPorts: deps.bambuPorts } : {}),
    ffmpegPath: resolveFfmpegPath(deps.ffmpegPath),
  });
  deps.devices.printers.onPrinterUpdated((deviceKeyId, input) =>
    service.applyPrinterUpdate(deviceKeyId, input),
  );
  // only where LAN mode is on: the printers found are added in LAN mode
  const listener =
    policy && deps.discoveryPort !== undefined
      ? listenForBambuPrinters({ port: deps.discoveryPort, clock: deps.clock })
      : null;
  const discovery = createLanDiscoveryService({
    workspaces: deps.workspaces,
    policy,
    discovery: listener,
  });
  return { agents, service, discovery, discoveryListener: listener, isOn: policy !== null };
}
