import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  CommandFailed,
  createIdentity,
  startAgent,
  type Agent,
  type AgentTuning,
  type HostNetwork,
  type InProcessServer,
  type Logger,
  type PrinterHost,
} from '@printdeck/agent-core';
import { FrameHeadersSchema, type DeviceDriver } from '@printdeck/shared';
import type { Leases } from '../../cluster/cluster.js';
import { AppError } from '../../http/app-error.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import type { DownloadTokens } from '../files/download-tokens.js';
import type { FilesRepository } from '../files/files.repository.js';
import type { FrameIngestService } from '../videos/frame-ingest.service.js';
import { createBuiltInLink } from './built-in-link.js';

const FRAMES_PATH = '/api/device/timelapse/frames/';
const DONE_PATH = /^\/api\/device\/timelapse\/(\d+)\/done\/$/;
const FILE_LINK = /^\/api\/files\/(\d+)\/content\/\?token=([^&]+)$/;

export interface BuiltInAgentsDeps {
  live: LiveDevices;
  /** null: LAN mode is off, no built-in agent starts */
  network: HostNetwork | null;
  dataDir: string;
  frames: FrameIngestService;
  files: Pick<FilesRepository, 'findFileById'>;
  downloadTokens: DownloadTokens;
  /** a stored file as a local file until released (a copy when the store is S3) */
  holdLocalCopy: (storageKey: string) => Promise<{ path: string; release(): Promise<void> } | null>;
  onDeviceHello: (deviceKeyId: number, driver: DeviceDriver) => Promise<void>;
  /** tests: quicker retries and timelapse frames */
  tuning?: Partial<AgentTuning> | undefined;
  /** a printer's agent runs on the instance holding its lease (always this one without Redis) */
  leases: Leases;
}

/**
 * A printer's lease lapses this long after its holder stopped renewing it (it died); the
 * holders renew at every reconcile, well within it.
 */
export const LAN_LEASE_TTL_MS = 15_000;
const leaseName = (deviceKeyId: number) => `lan-printer:${deviceKeyId}`;

/** A pino logger as the agent's logger (message last there, first here). */
function agentLogger(log: FastifyBaseLogger): Logger {
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (message: string, fields: Record<string, unknown> = {}) =>
      log[level](fields, message);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * LAN mode (issue 17): one built-in agent per LAN printer, inside the server's process. Each
 * is the agent of apps/agent (driver, request runner, state sync, timelapse) with the device
 * protocol, the timelapse frames and the print files handed over in-process.
 */
export function createBuiltInAgents(deps: BuiltInAgentsDeps) {
  const agents = new Map<number, Agent>();
  /** what each running agent was started with (a digest: the OctoPrint key is in it) */
  const startedWith = new Map<number, string>();
  const digestOf = (printer: PrinterHost) =>
    createHash('sha256').update(JSON.stringify(printer)).digest('hex');
  let log: FastifyBaseLogger | null = null;

  const inProcessServer = (deviceKeyId: number, logger: FastifyBaseLogger): InProcessServer => ({
    link: (options) =>
      createBuiltInLink(options, {
        deviceKeyId,
        live: deps.live,
        log: logger,
        onHello: (driver) => void deps.onDeviceHello(deviceKeyId, driver).catch(() => undefined),
        onClosed: (_code, reason) => {
          // revoked (the printer deleted), replaced or shutting down: this agent is done
          logger.info({ deviceKeyId, reason }, 'built-in agent let go');
          void stop(deviceKeyId);
        },
      }),

    async post(requestPath, headers, body) {
      try {
        if (requestPath === FRAMES_PATH && body) {
          const parsed = FrameHeadersSchema.safeParse(headers);
          if (!parsed.success) return 400;
          await deps.frames.ingestFrame(deviceKeyId, parsed.data, body);
          return 200;
        }
        const done = DONE_PATH.exec(requestPath);
        if (done) {
          await deps.frames.completeRecording(deviceKeyId, Number(done[1]));
          return 204;
        }
        return 404;
      } catch (error) {
        if (error instanceof AppError) return error.status;
        throw error;
      }
    },

    /** The file a print job names, read where the store keeps it (no copy on the local disk). */
    async printFile(command) {
      const link = FILE_LINK.exec(command.url);
      const claims = link
        ? await deps.downloadTokens.verifyDownloadToken(decodeURIComponent(link[2]!))
        : null;
      const file =
        claims && claims.fileId === Number(link![1])
          ? await deps.files.findFileById(claims.fileId)
          : undefined;
      if (!file || file.size !== command.size || file.sha256 !== command.sha256) {
        throw new CommandFailed(
          'download-failed',
          'The print file is not in the store as the job names it.',
        );
      }
      const held = await deps.holdLocalCopy(file.storage_key);
      if (!held) {
        throw new CommandFailed('download-failed', 'The print file is missing from the store.');
      }
      return { path: held.path, remove: () => held.release() };
    },
  });

  async function start(deviceKeyId: number, printer: PrinterHost): Promise<void> {
    if (!deps.network || !log || agents.has(deviceKeyId)) return;
    // another instance drives it; this one takes over once that one's lease lapses
    if (!(await deps.leases.claim(leaseName(deviceKeyId), LAN_LEASE_TTL_MS))) return;
    if (agents.has(deviceKeyId)) return;
    const logger = log.child({ deviceKeyId, builtInAgent: printer.kind });
    const dir = path.join(deps.dataDir, 'lan-agents', String(deviceKeyId));
    await mkdir(dir, { recursive: true });
    let localIpAddress: string | null = null;
    try {
      localIpAddress = new URL(printer.url).hostname;
    } catch {
      localIpAddress = null;
    }
    const agent = startAgent({
      serverUrl: 'http://in-process.invalid',
      deviceKey: `lan${deviceKeyId}`,
      identity: createIdentity(),
      printer,
      log: agentLogger(logger),
      downloadDir: dir,
      timelapseDir: path.join(dir, 'timelapse'),
      localIpAddress,
      network: deps.network,
      inProcess: inProcessServer(deviceKeyId, logger),
      ...(deps.tuning ? { tuning: deps.tuning } : {}),
    });
    agents.set(deviceKeyId, agent);
    startedWith.set(deviceKeyId, digestOf(printer));
  }

  /**
   * Starts the printer's agent when no instance drives it, and starts it again here when it
   * runs with an old address or key (the printer was edited through another instance).
   */
  async function follow(deviceKeyId: number, printer: PrinterHost): Promise<void> {
    if (agents.has(deviceKeyId) && startedWith.get(deviceKeyId) !== digestOf(printer)) {
      await stop(deviceKeyId);
    }
    await start(deviceKeyId, printer);
  }

  async function stop(deviceKeyId: number): Promise<void> {
    const agent = agents.get(deviceKeyId);
    if (!agent) return;
    agents.delete(deviceKeyId);
    startedWith.delete(deviceKeyId);
    await agent.stop();
    await deps.leases.release(leaseName(deviceKeyId));
  }

  /** Renews the lease of every agent running here; an agent whose lease went elsewhere stops. */
  async function renewLeases(): Promise<void> {
    for (const deviceKeyId of [...agents.keys()]) {
      const isHeld = await deps.leases.claim(leaseName(deviceKeyId), LAN_LEASE_TTL_MS);
      if (!isHeld) await stop(deviceKeyId);
    }
  }

  /** Agents whose printer went (deleted, its key revoked) while it was offline are let go. */
  async function keepOnly(deviceKeyIds: Set<number>): Promise<void> {
    await Promise.all(
      [...agents.keys()].filter((id) => !deviceKeyIds.has(id)).map((id) => stop(id)),
    );
  }

  return {
    isOn: () => deps.network !== null,
    keepOnly,
    renewLeases,
    /** Starts with the server's logger; agents start only from here on. */
    listen(logger: FastifyBaseLogger): void {
      log = logger;
    },
    start,
    follow,
    stop,
    count: () => agents.size,
    async stopAll(): Promise<void> {
      await Promise.all([...agents.keys()].map((id) => stop(id)));
    },
  };
}

export type BuiltInAgents = ReturnType<typeof createBuiltInAgents>;
