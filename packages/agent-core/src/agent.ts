import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEVICE_PROTOCOL_VERSION,
  RELEASE_VERSION,
  TIMELAPSE,
  type AgentMessage,
  type DeviceCommand,
  type DeviceDriver,
  type DeviceState,
} from '@printdeck/shared';
import { PRINTER_BACKOFF, SERVER_BACKOFF, type BackoffPolicy } from './connection/backoff.js';
import { RequestRunner } from './connection/request-runner.js';
import type { AgentLink, InProcessServer } from './connection/in-process.js';
import { ServerLink, type ServerLinkOptions } from './connection/server-link.js';
import { StateSync } from './connection/state-sync.js';
import type { AgentStop } from './connection/stop-reasons.js';
import { createDriver, type PrinterHost } from './drivers/create-driver.js';
import { findLocalIpAddress } from './drivers/device-state.js';
import type { JobEvent } from './drivers/driver.js';
import type { HostNetwork } from './drivers/host-network.js';
import {
  createPlugAddressRule,
  readEnergyMeterOnAgent,
} from './energy-meter/agent-energy-meter.js';
import { PrintFiles } from './files/print-file.js';
import { silentLogger, type Logger } from './log.js';
import { TimelapseRecorder, type TimelapseStats } from './timelapse/timelapse-recorder.js';

export interface AgentTuning {
  serverBackoff: BackoffPolicy;
  printerBackoff: BackoffPolicy;
  /** a server connection that lasted this long resets the backoff */
  stableMs: number;
  /** at most one state message per this many ms */
  stateIntervalMs: number;
  /** answer a request this long before the server's timeout */
  answerMarginMs: number;
  printerRequestMs: number;
  printerStaleMs: number;
  klippyPollMs: number;
  /** PrusaLink pushes nothing: its status is read this often */
  prusaLinkPollMs: number;
  /** a timelapse frame this often while a make_video job prints */
  timelapseIntervalMs: number;
  /** the timelapse spool keeps at most this many bytes on disk */
  timelapseSpoolMaxBytes: number;
}

export const DEFAULT_TUNING: AgentTuning = {
  serverBackoff: SERVER_BACKOFF,
  printerBackoff: PRINTER_BACKOFF,
  stableMs: 30_000,
  stateIntervalMs: 250,
  answerMarginMs: 250,
  printerRequestMs: 10_000,
  printerStaleMs: 10_000,
  klippyPollMs: 2000,
  prusaLinkPollMs: 2000,
  timelapseIntervalMs: TIMELAPSE.frameIntervalMs,
  timelapseSpoolMaxBytes: TIMELAPSE.spoolMaxBytes,
};

export interface AgentOptions {
  /** the Printdeck server, e.g. https://printdeck.example.com */
  serverUrl: string;
  deviceKey: string;
  /** the agent's own identity, kept across restarts (connection/identity.ts) */
  identity: string;
  printer: PrinterHost;
  log?: Logger;
  /** where print files wait while they are checked (default: the system's temp folder) */
  downloadDir?: string;
  /** where timelapse frames wait for the server (default: a folder per key under downloadDir) */
  timelapseDir?: string;
  /** default: this machine's first LAN address */
  localIpAddress?: string | null;
  tuning?: Partial<AgentTuning>;
  /** LAN mode: the agent runs inside the server (connection/in-process.ts) */
  inProcess?: InProcessServer;
  /** LAN mode: the networks the printer's address must stay in */
  network?: HostNetwork;
  /**
   * the networks (`address/prefix`) an agent of its own reads the printer's smart plug in;
   * default: the private and link-local ones (DEFAULT_PLUG_NETWORKS). LAN mode uses `network`.
   */
  plugNetworks?: readonly string[];
  /** told each time the link to the server comes up (true) or goes down (false) */
  onConnectionChange?: (isOnline: boolean) => void;
}

export interface Agent {
  readonly kind: DeviceDriver;
  /** resolves once the agent has stopped, with why */
  readonly stopped: Promise<AgentStop>;
  getState(): DeviceState;
  isOnline(): boolean;
  /** timelapse frames: taken, still waiting on disk, sent, refused by the server, dropped */
  timelapseStats(): TimelapseStats;
  stop(): Promise<void>;
}

/** Job events wait for the server this many at most while offline; the oldest go first. */
const MAX_QUEUED_EVENTS = 100;
const DOWNLOAD_EVENT_MS = 250;

type EventMessage = Extract<AgentMessage, { type: 'event' }>;

/**
 * One agent: a driver for the printer's host and a link to the server. Runs in-process (the
 * fleet, tests) as well as from the command line.
 */
export function startAgent(options: AgentOptions): Agent {
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const log = options.log ?? silentLogger;
  const driver = createDriver(options.printer, {
    log,
    localIpAddress:
      options.localIpAddress === undefined ? findLocalIpAddress() : options.localIpAddress,
    network: options.network,
    tuning: {
      backoff: tuning.printerBackoff,
      requestMs: tuning.printerRequestMs,
      staleMs: tuning.printerStaleMs,
      klippyPollMs: tuning.klippyPollMs,
      prusaLinkPollMs: tuning.prusaLinkPollMs,
    },
  });
  let download: { percent: number; sentAt: number } | null = null;
  const queuedEvents: EventMessage[] = [];

  /**
   * The driver's state, with a running download in front (spec: DOWNLOADING_PRINT_FILE). The
   * host still shows the previous print at 100 % meanwhile: no job is going on (issue 30).
   */
  const state = (): DeviceState => {
    const current = driver.getState();
    return download
      ? {
          ...current,
          job: current.state.flags.printing || current.state.flags.paused ? current.job : null,
          error: { code: 'download-in-progress', detail: String(download.percent) },
        }
      : current;
  };

  const sendEvent = (event: EventMessage, isTransient = false) => {
    if (link.send(event, isTransient) || isTransient) return;
    queuedEvents.push(event);
    if (queuedEvents.length > MAX_QUEUED_EVENTS) queuedEvents.shift();
  };

  const printFiles = new PrintFiles({
    driver,
    serverUrl: options.serverUrl,
    dir: options.downloadDir ?? tmpdir(),
    log,
    ...(options.inProcess
      ? { fetchFile: options.inProcess.printFile.bind(options.inProcess) }
      : {}),
    onDownload: (jobId, percent) => {
      const previous = download;
      const now = Date.now();
      const isDue = !previous || percent === 100 || now - previous.sentAt >= DOWNLOAD_EVENT_MS;
      download = percent === null ? null : { percent, sentAt: isDue ? now : previous!.sentAt };
      sync.update(state());
      if (percent === null || !isDue) return;
      // progress is for the moment only: not queued while offline
      sendEvent(
        { type: 'event', name: 'download_progress', job_id: jobId, data: { percent } },
        true,
      );
    },
  });

  const timelapse = new TimelapseRecorder({
    driver,
    serverUrl: options.serverUrl,
    deviceKey: options.deviceKey,
    identity: options.identity,
    // the key's public part names the folder: agents sharing a machine never share a spool
    dir:
      options.timelapseDir ??
      path.join(
        options.downloadDir ?? tmpdir(),
        // per user: a folder another user made first (the service, a run by hand) is not ours
        `printdeck-timelapse-${process.getuid?.() ?? 'user'}`,
        options.deviceKey
          .split('.')[0]!
          .replace(/[^A-Za-z0-9_-]/g, '_')
          .slice(0, 40),
      ),
    log,
    intervalMs: tuning.timelapseIntervalMs,
    ...(options.inProcess ? { post: options.inProcess.post.bind(options.inProcess) } : {}),
    spoolMaxBytes: tuning.timelapseSpoolMaxBytes,
    backoff: tuning.serverBackoff,
  });

  const plugRule = createPlugAddressRule(options.plugNetworks);

  const execute = async (command: DeviceCommand, signal: AbortSignal) => {
    if (command.name === 'read_energy_meter')
      return readEnergyMeterOnAgent(command, { network: options.network, rule: plugRule, signal });
    if (command.name !== 'print_file') return driver.run(command, signal);
    const result = await printFiles.print(command, signal);
    if (!command.make_video || !result.started) return result;
    // said at the start, not found out at the end: no camera, no video (issue 30)
    if (!driver.getState().plugins.camera) {
      log.warn('make_video asked, but the printer has no camera: no video is made', {
        job_id: command.job_id,
      });
      return { ...result, video: 'no-camera' as const };
    }
    timelapse.record(command.job_id);
    return { ...result, video: 'recording' as const };
  };

  const runner = new RequestRunner({
    execute,
    send: (response) => link.send(response),
    log,
    answerMarginMs: tuning.answerMarginMs,
  });
  const sync = new StateSync({
    send: (message) => link.send(message, true),
    minIntervalMs: tuning.stateIntervalMs,
  });

  let resolveStopped: (stop: AgentStop) => void = () => undefined;
  const stopped = new Promise<AgentStop>((resolve) => (resolveStopped = resolve));
  let isStopping = false;
  const finish = async (stop: AgentStop) => {
    if (isStopping) return;
    isStopping = true;
    runner.abortAll();
    sync.stop();
    await Promise.all([driver.stop(), link.stop(), timelapse.stop()]);
    resolveStopped(stop);
  };

  const linkOptions: ServerLinkOptions = {
    serverUrl: options.serverUrl,
    deviceKey: options.deviceKey,
    identity: options.identity,
    hello: {
      type: 'hello',
      protocol: DEVICE_PROTOCOL_VERSION,
      agent_version: RELEASE_VERSION,
      driver: driver.kind,
      // read at each hello: a PrusaLink camera is found only once the printer answered
      get capabilities() {
        return [...driver.capabilities];
      },
    },
    backoff: tuning.serverBackoff,
    stableMs: tuning.stableMs,
    log,
    onConfigure: (configure) => {
      // A key given on the agent's own command line wins over the workspace's.
      const hasOwnKey = 'apiKey' in options.printer && Boolean(options.printer.apiKey);
      if (!hasOwnKey) driver.useApiKey?.(configure.octoprint_api_key);
    },
    onOnline: () => {
      if (isSettled) sync.online(state());
      timelapse.onOnline();
      while (queuedEvents.length > 0 && link.send(queuedEvents[0]!)) queuedEvents.shift();
      options.onConnectionChange?.(true);
    },
    onRequest: (request) => runner.handle(request),
    onBadRequest: (id, name) => runner.refuse(id, name),
    onOffline: () => {
      sync.offline();
      runner.abortAll();
      options.onConnectionChange?.(false);
    },
    onStop: (stop) => void finish(stop),
  };
  const link: AgentLink = options.inProcess
    ? options.inProcess.link(linkOptions)
    : new ServerLink(linkOptions);

  // no state before the driver's first word about the printer (issue 30)
  let isSettled = driver.settled === undefined;
  void driver.settled?.then(() => {
    isSettled = true;
    if (link.isOnline && !isStopping) sync.online(state());
  });
  driver.onState((current) => {
    if (isSettled) sync.update(state());
    timelapse.onState(current);
  });
  driver.onJobEvent((event: JobEvent) => {
    if (event.name !== 'job_started') timelapse.end();
    sendEvent({
      type: 'event',
      name: event.name,
      job_id: printFiles.jobIdFor(event),
      data: {
        path: event.path,
        ...(event.startedAt !== undefined ? { started_at: event.startedAt } : {}),
        ...(event.reason ? { reason: event.reason.slice(0, 1000) } : {}),
      },
    });
  });

  driver.start();
  link.start();
  log.info('agent started', { driver: driver.kind, printer: options.printer.url });

  return {
    kind: driver.kind,
    stopped,
    getState: state,
    isOnline: () => link.isOnline,
    timelapseStats: () => timelapse.stats(),
    stop: async () => {
      await finish({ reason: 'stopped', message: 'The agent was stopped.' });
    },
  };
}
