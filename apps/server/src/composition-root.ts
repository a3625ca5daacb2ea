import type { AgentTuning } from '@printdeck/agent-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { Cluster } from './cluster/cluster.js';
import { createLocalCluster } from './cluster/local-cluster.js';
import { connectRedisCluster } from './cluster/redis-cluster.js';
import type { ClusterTimings } from './cluster/redis-membership.js';
import { createAccountServices } from './composition/accounts.js';
import { createDeviceServices } from './composition/devices.js';
import { createFileServices } from './composition/files.js';
import { createLanPrinterServices } from './composition/lan-printers.js';
import {
  createNotificationServices,
  type NotificationOptions,
} from './composition/notifications.js';
import { createPrintQueueServices } from './composition/print-queue.js';
import { createSpoolServices } from './composition/spools.js';
import { createSpoolConsumption } from './modules/spools/spool-consumption.js';
import { createVideoServices, type VideoSettings } from './composition/videos.js';
import { wirePrintJobEvents } from './composition/event-wiring.js';
import { startWorkers } from './composition/workers.js';
import { createWorkspaceAdminServices } from './composition/workspace-admin.js';
import type { Config } from './config/config.js';
import { resolveJwtSecret } from './config/jwt-secret.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { createJobRunner, type JobRunnerOptions } from './jobs/job-runner.js';
import { createJobsRepository } from './jobs/jobs.repository.js';
import { createJobsRetention } from './jobs/jobs-retention.js';
import { GATEWAY_LIMITS, type GatewayLimits } from './gateway/device-connection.js';
import { buildApp, type App } from './http/app.js';
import { RateLimiter } from './http/rate-limiter.js';
import { createFileMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository.js';
import { createIdempotencyService } from './modules/idempotency/idempotency.service.js';
import type { LanNetwork } from './modules/lan-printers/lan-networks.js';
import { createPrintJobLifecycle } from './modules/print-jobs/print-job-lifecycle.js';
import { createPrintJobsRepository } from './modules/print-jobs/print-jobs.repository.js';
import { createPrintJobsService } from './modules/print-jobs/print-jobs.service.js';
import { createJobRollupsRepository } from './modules/stats/job-rollups.js';
import { createStatsChartsService } from './modules/stats/stats-charts.service.js';
import { createTemperatureHistoryService } from './modules/temperature-history/temperature-history.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createWorkspacesRepository } from './modules/workspaces/workspaces.repository.js';
import { checkDatabase } from './startup/check-database.js';
import { checkDataDir } from './startup/check-data-dir.js';
import { StartupError } from './startup/startup-error.js';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.js';
import { createFileStorage } from './storage/file-storage.js';
import { createOrphanSweep } from './startup/orphan-sweep.js';

export interface StartOptions {
  config: Config;
  logger: Logger;
  /** the built web app to serve; none in API-only tests */
  webDir?: string;
  /** the built agent (apps/agent/dist) to hand out at /agent/ */
  agentDir?: string;
  clock?: Clock;
  mailer?: Mailer;
  pgSchema?: string;
  /** tests shorten the heartbeat and the like */
  gatewayLimits?: Partial<GatewayLimits>;
  /** tests shorten the frame grace and the worker's poll */
  videoSettings?: Omit<VideoSettings, 'ffmpegPath'>;
  /** tests play the push service locally and shorten retries */
  notificationOptions?: NotificationOptions;
  /** tests shorten the cluster's heartbeat */
  clusterTimings?: ClusterTimings;
  /** tests make the job runner look only when told (drainOnce) */
  jobOptions?: Partial<JobRunnerOptions>;
  /** tests: the LAN printers' built-in agents retry and take frames sooner */
  lanAgentTuning?: Partial<AgentTuning>;
}

export interface RunningServer extends App {
  database: DatabaseHandle;
  services: Services;
  mailer: Mailer;
  url: string;
  /** Stops accepting, finishes in-flight requests, stops the workers, then closes the database. */
  stop(): Promise<void>;
}

/**
 * The composition root: the one place the server is put together, in the order it starts —
 * config → database → clock → cluster → repositories and services → workers → HTTP — and
 * taken apart in the reverse order.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const log = logger as FastifyBaseLogger;
  const stops: Array<() => void | Promise<void>> = [];
  const stopInReverse = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    checkDataDir(config.dataDir);
    const database = openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      connectTimeoutMs: config.databaseTimeoutMs,
      ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
    });
    stops.push(() => database.close());
    await checkDatabase(database, config.databaseUrl, config.databaseTimeoutMs);
    const clock = options.clock ?? systemClock;
    const cluster = await connectCluster(options, clock);
    stops.push(() => cluster.stop());
    const applied = await migrateToLatest(database.db, database.dialect);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');

    const mailer = options.mailer ?? createMailer(config, clock, logger);
    stops.push(() => mailer.close());
    const services = composeServices({
      database,
      mailer,
      clock,
      cluster,
      jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      mailFrom: config.mailFrom,
      telegram: config.telegram,
      deviceTimeouts: deviceTimeoutsOf(options.gatewayLimits),
      videoSettings: {
        workspaceQuotaBytes: config.timelapseWorkspaceQuotaBytes,
        ...options.videoSettings,
        ffmpegPath: config.ffmpegPath,
      },
      lanPrinterNetworks: config.lanPrinterNetworks,
      notificationOptions: {
        ...options.notificationOptions,
        invitationMail: {
          backoffSeconds: config.mailRetrySeconds,
          ...options.notificationOptions?.invitationMail,
        },
      },
      jobOptions: {
        pollMs: Math.min(15_000, config.mailRetrySeconds * 500),
        ...options.jobOptions,
      },
      ...(options.lanAgentTuning ? { lanAgentTuning: options.lanAgentTuning } : {}),
    });

    stops.push(() => services.files.metadataPool.close());

    const sealedKeys = await services.devices.printers.sealClearOctoprintKeys();
    if (sealedKeys) logger.info({ printers: sealedKeys }, 'stored OctoPrint API keys sealed');

    const workers = await startWorkers(services, log);
    stops.push(() => workers.stop());

    const app = await buildApp({
      config,
      database,
      services,
      clock,
      logger,
      ...(options.webDir ? { webDir: options.webDir } : {}),
      ...(options.agentDir ? { agentDir: options.agentDir } : {}),
      ...(options.gatewayLimits ? { gatewayLimits: options.gatewayLimits } : {}),
    });
    stops.push(async () => {
      // LAN mode's built-in agents go before the gateway they talk to
      await workers.stopLanAgents();
      await closeHttp(app);
    });
    const url = await listen(app, config);
    return { ...app, database, services, mailer, url, stop: stopInReverse };
  } catch (error) {
    await stopInReverse();
    throw error;
  }
}

/** Listens on PORT and HOST; a taken or forbidden port stops the start with one line. */
async function listen(app: App, config: Config): Promise<string> {
  try {
    return await app.server.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `PORT=${config.port} is taken by another program on ${config.host}: stop it, or set PORT to a free port`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(
        `PORT=${config.port} needs privileges this user lacks: set PORT to 1024 or above (a proxy can serve port 80)`,
      );
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new StartupError(
        `HOST=${config.host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all`,
      );
    }
    throw error;
  }
}

/** With REDIS_URL this instance joins the others (unreachable Redis stops the start). */
async function connectCluster(options: StartOptions, clock: Clock): Promise<Cluster> {
  const { config } = options;
  if (!config.redisUrl) return createLocalCluster(clock);
  return connectRedisCluster({
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    clock,
    ...(options.clusterTimings ? { timings: options.clusterTimings } : {}),
  });
}

/** SMTP when SMTP_URL is set; otherwise mails go to files under the data directory and the log. */
function createMailer(config: Config, clock: Clock, logger: Logger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createFileMailer({ dataDir: config.dataDir, from: config.mailFrom, clock, logger });
}

function deviceTimeoutsOf(limits: Partial<GatewayLimits> = {}) {
  return {
    commandMs: limits.commandTimeoutMs ?? GATEWAY_LIMITS.commandTimeoutMs,
    snapshotMs: limits.snapshotTimeoutMs ?? GATEWAY_LIMITS.snapshotTimeoutMs,
    printStartMs: limits.printStartTimeoutMs ?? GATEWAY_LIMITS.printStartTimeoutMs,
  };
}

/** Stops accepting and finishes the requests in flight. */
async function closeHttp(app: App): Promise<void> {
  // Connections that finish their request after close() began would otherwise idle until the
  // keep-alive timeout: reap them as they become idle.
  const reaper = setInterval(() => app.server.server.closeIdleConnections(), 50);
  try {
    await app.server.close();
  } finally {
    clearInterval(reaper);
  }
}

export interface ServiceDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  jwtSecret: string;
  publicUrl: string;
  /** the data directory: the file store lives under it */
  dataDir: string;
  deviceTimeouts?: { commandMs: number; snapshotMs: number; printStartMs: number };
  videoSettings?: VideoSettings;
  mailFrom?: string;
  telegram?: { botToken: string | undefined; botName: string | undefined; apiUrl: string };
  notificationOptions?: NotificationOptions;
  /** what several instances share (REDIS_URL); one process keeps it all in memory */
  cluster?: Cluster;
  /** LAN_PRINTER_NETWORKS; empty or absent: LAN mode off */
  lanPrinterNetworks?: LanNetwork[];
  /** tests: the built-in agents' retries and timelapse interval */
  lanAgentTuning?: Partial<AgentTuning>;
  jobOptions?: Partial<JobRunnerOptions>;
}

/**
 * The repositories and services, each given exactly the repositories and adapters it uses; the
 * server and the CLI both build theirs here. Nothing starts: the workers do that.
 */
export function composeServices({
  database,
  mailer,
  clock,
  jwtSecret,
  publicUrl,
  dataDir,
  deviceTimeouts,
  videoSettings,
  ...rest
}: ServiceDeps) {
  const { db } = database;
  const cluster = rest.cluster ?? createLocalCluster(clock);
  const printStartTimeoutMs = deviceTimeouts?.printStartMs ?? GATEWAY_LIMITS.printStartTimeoutMs;

  // repositories shared by several areas
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const workspacesRepository = createWorkspacesRepository(db);
  const printJobsRepository = createPrintJobsRepository(db);
  // background work of every kind: one table, one runner (started with the workers)
  const jobsRepository = createJobsRepository(db);
  const jobs = createJobRunner({ jobs: jobsRepository, clock, options: rest.jobOptions });
  // one file store, so its temp sweep knows every work folder in use
  const storage = createFileStorage(dataDir);

  const rateLimiter = new RateLimiter(cluster.counters);
  const idempotency = createIdempotencyService({
    keys: createIdempotencyRepository(db),
    clock,
    serverSecret: jwtSecret,
  });
  const workspaces = createWorkspacesService({ workspaces: workspacesRepository, clock });
  const accounts = createAccountServices({
    db,
    clock,
    mailer,
    rateLimiter,
    jwtSecret,
    publicUrl,
    users,
    sessions,
    workspaces,
  });
  const devices = createDeviceServices({
    db,
    clock,
    workspaces,
    workspacesRepository,
    jwtSecret,
    timeouts: deviceTimeouts ?? {
      commandMs: GATEWAY_LIMITS.commandTimeoutMs,
      snapshotMs: GATEWAY_LIMITS.snapshotTimeoutMs,
    },
    ...(cluster.isShared ? { bus: cluster.devices } : {}),
  });
  const files = createFileServices({
    db,
    dialect: database.dialect,
    clock,
    workspaces,
    storage,
    jwtSecret,
  });
  const printJobLifecycle = createPrintJobLifecycle();
  const printJobs = createPrintJobsService({
    jobs: printJobsRepository,
    files: files.filesRepository,
    users,
    workspaces,
    live: devices.live,
    getPrinterForUser: devices.getPrinterForUser,
    downloadTokens: files.downloadTokens,
    clock,
    printStartTimeoutMs,
    lifecycle: printJobLifecycle,
    isLeader: cluster.isLeader,
  });
  const videos = createVideoServices({
    db,
    clock,
    jwtSecret,
    storage,
    workspaces,
    files: files.filesRepository,
    printJobs: printJobsRepository,
    deviceKeys: devices.deviceKeys,
    jobs: jobsRepository,
    wakeJobs: () => jobs.wake(),
    settings: videoSettings ?? { ffmpegPath: undefined },
  });
  const lanPrinters = createLanPrinterServices({
    db,
    clock,
    jwtSecret,
    dataDir,
    storage,
    networks: rest.lanPrinterNetworks ?? [],
    agentTuning: rest.lanAgentTuning,
    devices,
    files,
    frames: videos.frames,
    workspaces,
  });
  const printQueue = createPrintQueueServices({
    db,
    clock,
    live: devices.live,
    files: files.filesRepository,
    users,
    workspaces,
    workspacesRepository,
    getPrinterForUser: devices.getPrinterForUser,
    printJobs,
    printStartTimeoutMs,
  });
  const spools = createSpoolServices({
    db,
    clock,
    workspaces,
    getPrinterForUser: devices.getPrinterForUser,
  });
  const notifications = createNotificationServices({
    db,
    clock,
    mailer,
    publicUrl,
    dataDir,
    mailFrom: rest.mailFrom ?? 'no-reply@printdeck.local',
    telegram: rest.telegram ?? {
      botToken: undefined,
      botName: undefined,
      apiUrl: 'https://api.telegram.org',
    },
    live: devices.live,
    snapshotTimeoutMs: deviceTimeouts?.snapshotMs ?? GATEWAY_LIMITS.snapshotTimeoutMs,
    isLeader: cluster.isLeader,
    jobs: jobsRepository,
    wakeJobs: () => jobs.wake(),
    ...(rest.notificationOptions ? { options: rest.notificationOptions } : {}),
  });
  for (const kind of notifications.deliveryJobs) jobs.register(kind);
  // periodic work that one instance of the cluster does per period
  jobs.register(idempotency.sweepJob);
  jobs.register(createJobsRetention(jobsRepository, clock));
  const workspaceAdmin = createWorkspaceAdminServices({
    db,
    clock,
    mailer,
    rateLimiter,
    publicUrl,
    storage,
    users,
    usersService: accounts.users,
    workspaces,
    workspacesRepository,
    publicVideos: videos.listPublicVideos,
    testSender: notifications.testSender,
    invitationMailOptions: rest.notificationOptions?.invitationMail,
    jobs: jobsRepository,
    runJob: (job) => jobs.runHeld(job),
  });
  jobs.register(workspaceAdmin.invitationMailJob);
  const temperatureHistory = createTemperatureHistoryService({
    getPrinterForUser: devices.getPrinterForUser,
    clock,
  });
  wirePrintJobEvents({
    lifecycle: printJobLifecycle,
    videoEvents: videos.events,
    videoRecording: videos.recording,
    queue: printQueue.dispatcher,
    spools: {
      inTransaction: createSpoolConsumption({
        onLow: (trx, low) => notifications.events.enqueueSpoolLow(trx, low),
      }).onJobEnded,
    },
    notifications: notifications.hooks,
  });
  return {
    cluster,
    ...accounts,
    temperatureHistory,
    statsCharts: createStatsChartsService({
      rollups: createJobRollupsRepository(db),
      workspaces,
      clock,
    }),
    workspaces,
    rateLimiter,
    idempotency,
    devices,
    lanPrinters,
    files,
    printJobs,
    printJobLifecycle,
    printQueue,
    spools,
    workspaceAdmin,
    videos,
    notifications,
    jobs,
    orphans: createOrphanSweep({ db, storage, clock }),
  };
}

export type Services = ReturnType<typeof composeServices>;
