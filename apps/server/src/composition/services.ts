import { createEnergyMeters } from './energy-meters.js';
import { resolveFfmpegPath } from '../modules/videos/ffmpeg.js';
import type { ServiceDeps } from './service-deps.js';
import { createLocalCluster } from '../cluster/local-cluster.js';
import { createAuthServices } from './auth.js';
import { createPasswordHasher } from '../crypto/password.js';
import { createPrinterServices } from './printers.js';
import { createFileServices } from './files.js';
import { createLanPrinterServices } from './lan-printers.js';
import { createNotificationServices } from './notifications.js';
import { createPrintQueueServices } from './print-queue.js';
import { createSpoolServices } from './spools.js';
import { createSpoolmanServices } from './spoolman.js';
import { createPrinterSpoolsRepository } from '../modules/spools/printer-spools.repository.js';
import { createSpoolConsumption } from '../modules/spools/spool-consumption.js';
import { createMaintenanceServices } from '../modules/maintenance/index.js';
import { recordJobCost } from '../modules/print-cost/print-cost.js';
import { createPrintLogExport } from '../modules/print-jobs/print-log-export.js';
import { createVideoServices } from './videos.js';
import { wirePrintJobEvents } from './event-wiring.js';
import { createWebhookServices } from './webhooks.js';
import { createWorkspaceServices } from './workspaces.js';
import { createJobRunner } from '../jobs/job-runner.js';
import { createJobsRepository } from '../jobs/jobs.repository.js';
import { createJobsRetention } from '../jobs/jobs-retention.js';
import { GATEWAY_LIMITS } from '../gateway/device-connection.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { createSessionsRepository } from '../modules/auth/sessions.repository.js';
import { createIdempotencyRepository } from '../modules/idempotency/idempotency.repository.js';
import { createIdempotencyService } from '../modules/idempotency/idempotency.service.js';
import { createPrintJobLifecycle } from '../modules/print-jobs/print-job-lifecycle.js';
import { createPrintJobsRepository } from '../modules/print-jobs/print-jobs.repository.js';
import { createPrintJobsService } from '../modules/print-jobs/print-jobs.service.js';
import { createJobRollupsRepository } from '../modules/stats/job-rollups.js';
import { createStatsChartsService } from '../modules/stats/stats-charts.service.js';
import { createStatsBreakdownService } from '../modules/stats/stats-breakdown.service.js';
import { createStatsBreakdownRepository } from '../modules/stats/stats-breakdown.repository.js';
import { createTemperatureHistoryService } from '../modules/temperature-history/temperature-history.service.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { createWorkspacesRepository } from '../modules/workspaces/workspaces.repository.js';
import { createWorkspacesService } from '../modules/workspaces/workspaces.service.js';
import { createFileStorage } from '../storage/file-storage.js';
import { createOrphanSweep } from '../startup/orphan-sweep.js';
import { createServiceHealth } from '../modules/health/service-health.js';
import { createHomeAssistantStatus } from '../modules/home-assistant/home-assistant-status.js';
import { createScheduledBackupJob } from '../backup/backup-job.js';

/**
 * The wiring of the server's services (split from composition-root.ts, which keeps the
 * start-up order): what each service gets, and the job kinds registered on the runner.
 */

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
  const storage = createFileStorage({
    dataDir,
    ...(rest.objectStore ? { objects: rest.objectStore } : {}),
  });

  const rateLimiter = new RateLimiter(cluster.counters);
  const idempotency = createIdempotencyService({
    keys: createIdempotencyRepository(db),
    clock,
    serverSecret: jwtSecret,
  });
  const workspaces = createWorkspacesService({ workspaces: workspacesRepository, clock });
  const accounts = createAuthServices({
    db,
    clock,
    mailer,
    rateLimiter,
    jwtSecret,
    publicUrl,
    users,
    sessions,
    workspaces,
    passwords: createPasswordHasher(rest.passwordHashCost),
  });
  const devices = createPrinterServices({
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
    storage,
    clock,
    printStartTimeoutMs,
    lifecycle: printJobLifecycle,
    loadedSpools: createPrinterSpoolsRepository(db),
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
    ...(rest.lanBambuPorts ? { bambuPorts: rest.lanBambuPorts } : {}),
    discoveryPort: rest.lanBambuDiscoveryPort,
    // the X1/H2 camera (RTSPS) is read by the same ffmpeg as the timelapse videos
    ffmpegPath: findFfmpeg(videoSettings?.ffmpegPath),
    agentTuning: rest.lanAgentTuning,
    leases: cluster.leases,
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
    jobs: jobsRepository,
    wakeJobs: () => jobs.wake(),
  });
  const spools = createSpoolServices({
    db,
    clock,
    workspaces,
    getPrinterForUser: devices.getPrinterForUser,
    onLoadedChanged: (printerId) =>
      void printQueue.dispatcher.kickPrinter(printerId).catch(() => undefined),
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
    telegramLimiter: cluster.telegramLimiter,
    jobs: jobsRepository,
    wakeJobs: () => jobs.wake(),
    jwtSecret,
    allowedNetworks: rest.outgoingAllowedNetworks ?? [],
    ...(rest.notificationOptions ? { options: rest.notificationOptions } : {}),
  });
  for (const kind of notifications.deliveryJobs) jobs.register(kind);
  // periodic work that one instance of the cluster does per period
  jobs.register(idempotency.sweepJob);
  jobs.register(createJobsRetention(jobsRepository, clock));
  if (rest.scheduledBackup) {
    jobs.register(
      createScheduledBackupJob(
        {
          ...rest.scheduledBackup,
          dataDir,
          ...(rest.objectStore ? { objectStore: rest.objectStore } : {}),
        },
        clock,
      ),
    );
  }
  const workspaceAdmin = createWorkspaceServices({
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
  const webhooks = createWebhookServices({
    db,
    clock,
    jwtSecret,
    jobs: jobsRepository,
    wakeJobs: () => jobs.wake(),
    allowedNetworks: rest.outgoingAllowedNetworks ?? [],
    requireWorkspacePermission: workspaces.requireWorkspacePermission,
    ...(rest.webhookOptions ? { options: rest.webhookOptions } : {}),
  });
  jobs.register(webhooks.deliveryJob);
  const spoolman = createSpoolmanServices({
    db,
    clock,
    jwtSecret,
    jobs: jobsRepository,
    allowedNetworks: rest.outgoingAllowedNetworks ?? [],
    requireWorkspacePermission: workspaces.requireWorkspacePermission,
    onMirrorChanged: (workspaceId) =>
      void printQueue.dispatcher.kickWorkspace(workspaceId).catch(() => undefined),
    ...(rest.spoolmanOptions ? { options: rest.spoolmanOptions } : {}),
  });
  jobs.register(spoolman.usage.jobKind);
  jobs.register(spoolman.syncJob);
  const maintenance = createMaintenanceServices({
    db,
    clock,
    workspaces,
    getPrinterForUser: devices.getPrinterForUser,
    users,
    enqueueDue: (trx, notice) => notifications.events.enqueueMaintenanceDue(trx, notice),
  });
  jobs.register(maintenance.daysCheckJob);
  jobs.register(printQueue.waitingStarts.jobKind);
  const temperatureHistory = createTemperatureHistoryService({
    getPrinterForUser: devices.getPrinterForUser,
    clock,
    store: cluster.temperatures,
  });
  const energyMeters = createEnergyMeters({
    db,
    clock,
    getPrinterForUser: devices.getPrinterForUser,
    live: devices.live,
    lanPrinterNetworks: rest.lanPrinterNetworks,
  });
  wirePrintJobEvents({
    lifecycle: printJobLifecycle,
    videoEvents: videos.events,
    videoRecording: videos.recording,
    queue: printQueue.dispatcher,
    spools: {
      inTransaction: createSpoolConsumption({
        onLow: async (trx, low) => {
          await notifications.events.enqueueSpoolLow(trx, low);
          await webhooks.events.onSpoolLow(trx, low);
        },
        onRecorded: (trx, usage) => spoolman.usage.onUsageRecorded(trx, usage),
      }).onJobEnded,
      // a Spoolman usage job may have been written with the ending
      afterCommit: () => jobs.wake(),
    },
    energy: energyMeters.hooks,
    cost: { inTransaction: recordJobCost },
    maintenance: { inTransaction: (trx, job) => maintenance.service.onJobEnded(trx, job) },
    notifications: notifications.hooks,
    webhooks: webhooks.hooks,
    webhookVideoReady: webhooks.videoReady,
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
    statsBreakdown: createStatsBreakdownService({
      breakdown: createStatsBreakdownRepository(db),
      workspaces,
      clock,
    }),
    workspaces,
    rateLimiter,
    idempotency,
    devices,
    lanPrinters,
    energyMeters,
    files,
    printJobs,
    printJobLifecycle,
    printQueue,
    spools,
    spoolman: spoolman.service,
    spoolmanUsage: spoolman.usage,
    maintenance: maintenance.service,
    waitingStarts: printQueue.waitingStarts,
    printLogExport: createPrintLogExport({ db, workspaces, clock }),
    workspaceAdmin,
    videos,
    notifications,
    webhooks,
    jobs,
    orphans: createOrphanSweep({ db, storage, clock }),
    /** the object store and the MQTT broker, as /api/health reports them */
    health: createServiceHealth({
      objectStore: rest.objectStore,
      storeCheckEveryMs: rest.storeCheckEveryMs,
    }),
    /** each workspace's part of the MQTT bridge, for its settings screen */
    homeAssistant: createHomeAssistantStatus(),
  };
}

export type Services = ReturnType<typeof composeServices>;

/** FFMPEG_PATH or the shipped ffmpeg; none where no build is shipped for this platform. */
function findFfmpeg(configured: string | undefined): string | undefined {
  try {
    return resolveFfmpegPath(configured);
  } catch {
    return undefined;
  }
}
