import type { AgentTuning } from '@printdeck/agent';
import type { Clock } from './clock.js';
import type { DatabaseHandle } from './db/database.js';
import type { Cluster } from './cluster/cluster.js';
import { createLocalCluster } from './cluster/local-cluster.js';
import { RateLimiter } from './http/rate-limiter.js';
import type { Mailer } from './mail/mailer.js';
import { createAccessTokens } from './modules/auth/access-token.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createSessionsService } from './modules/auth/sessions.service.js';
import { createPasswordChangeService } from './modules/account/password-change.service.js';
import { createTwoFactorRepository } from './modules/account/two-factor.repository.js';
import { createTwoFactorService } from './modules/account/two-factor.service.js';
import { createSecretBox } from './crypto/secret-box.js';
import { createMailTokensRepository } from './modules/registration/mail-tokens.repository.js';
import { createRegistrationService } from './modules/registration/registration.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';
import { createWorkspacesRepository } from './modules/workspaces/workspaces.repository.js';
import { createDeviceServices } from './devices-context.js';
import { createPrintJobsRepository } from './modules/print-jobs/print-jobs.repository.js';
import { createPrintJobsService } from './modules/print-jobs/print-jobs.service.js';
import { createPrintJobLifecycle } from './modules/print-jobs/print-job-lifecycle.js';
import { createFileServices } from './modules/files/files-context.js';
import { GATEWAY_LIMITS } from './gateway/device-connection.js';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.js';
import { createWorkspaceAdminServices } from './workspace-admin-context.js';
import { createFileStorage } from './storage/file-storage.js';
import { createVideoServices, type VideoSettings } from './modules/videos/videos-context.js';
import { createPrintQueueServices } from './modules/print-queue/print-queue-context.js';
import { createNotificationServices, type NotificationOptions } from './notifications-context.js';
import { createFirstRunRepository } from './modules/first-run/first-run.repository.js';
import { createFirstRunService } from './modules/first-run/first-run.service.js';
import { createTemperatureHistoryService } from './modules/temperature-history/temperature-history.service.js';
import { createStatsChartsRepository } from './modules/stats/stats-charts.repository.js';
import { createStatsChartsService } from './modules/stats/stats-charts.service.js';
import { createLanPrinterServices } from './lan-printers-context.js';
import type { LanNetwork } from './modules/lan-printers/lan-networks.js';

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
}

/** The composition root: each service gets exactly the repositories and adapters it uses. */
export function createServices({
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
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const rateLimiter = new RateLimiter(cluster.counters);
  const workspacesRepository = createWorkspacesRepository(db);
  const workspaces = createWorkspacesService({ workspaces: workspacesRepository, clock });
  const usersService = createUsersService({ db, users, sessions, workspaces, clock });
  const passwordChange = createPasswordChangeService({ db, users, sessions, rateLimiter, clock });
  const twoFactor = createTwoFactorService({
    twoFactor: createTwoFactorRepository(db),
    users,
    passwordChange,
    secretBox: createSecretBox(jwtSecret, 'totp-secret'),
    clock,
  });
  const auth = createAuthService({
    checkSignInFactor: (user, otp) => twoFactor.checkSignInFactor(user, otp),
    users,
    sessions,
    accessTokens: createAccessTokens(jwtSecret, clock),
    rateLimiter,
    clock,
  });
  const registration = createRegistrationService({
    db,
    users,
    usersService,
    mailTokens: createMailTokensRepository(db),
    mailer,
    rateLimiter,
    clock,
    publicUrl,
  });
  const devices = createDeviceServices({
    db,
    clock,
    workspaces,
    workspacesRepository,
    timeouts: deviceTimeouts ?? {
      commandMs: GATEWAY_LIMITS.commandTimeoutMs,
      snapshotMs: GATEWAY_LIMITS.snapshotTimeoutMs,
    },
    ...(cluster.isShared ? { bus: cluster.devices } : {}),
  });
  const files = createFileServices({ db, clock, workspaces, dataDir, jwtSecret });
  const printJobLifecycle = createPrintJobLifecycle();
  const printJobsRepository = createPrintJobsRepository(db);
  const printJobs = createPrintJobsService({
    jobs: printJobsRepository,
    files: files.filesRepository,
    users,
    workspaces,
    live: devices.live,
    getPrinterForUser: devices.getPrinterForUser,
    downloadTokens: files.downloadTokens,
    clock,
    printStartTimeoutMs: deviceTimeouts?.printStartMs ?? GATEWAY_LIMITS.printStartTimeoutMs,
    lifecycle: printJobLifecycle,
    isLeader: cluster.isLeader,
  });
  const videos = createVideoServices({
    db,
    clock,
    jwtSecret,
    storage: createFileStorage(dataDir),
    workspaces,
    files: files.filesRepository,
    printJobs: printJobsRepository,
    deviceKeys: devices.deviceKeys,
    lifecycle: printJobLifecycle,
    settings: videoSettings ?? { ffmpegPath: undefined },
  });
  const lanPrinters = createLanPrinterServices({
    db,
    clock,
    jwtSecret,
    dataDir,
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
    lifecycle: printJobLifecycle,
    printStartTimeoutMs: deviceTimeouts?.printStartMs ?? GATEWAY_LIMITS.printStartTimeoutMs,
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
    printJobLifecycle,
    videoEvents: videos.events,
    isLeader: cluster.isLeader,
    ...(rest.notificationOptions ? { options: rest.notificationOptions } : {}),
  });
  const workspaceAdmin = createWorkspaceAdminServices({
    db,
    clock,
    mailer,
    rateLimiter,
    publicUrl,
    dataDir,
    users,
    usersService,
    workspaces,
    workspacesRepository,
    publicVideos: videos.listPublicVideos,
    testSender: notifications.testSender,
  });
  const firstRun = createFirstRunService({
    db,
    firstRun: createFirstRunRepository(db),
    users,
    usersService,
    workspaces,
    auth,
    rateLimiter,
    clock,
  });
  const temperatureHistory = createTemperatureHistoryService({
    live: devices.live,
    getPrinterForUser: devices.getPrinterForUser,
    clock,
  });
  const statsCharts = createStatsChartsService({
    charts: createStatsChartsRepository(db),
    workspaces,
    clock,
  });
  return {
    cluster,
    auth,
    firstRun,
    temperatureHistory,
    statsCharts,
    sessions: createSessionsService({ sessions, clock }),
    passwordChange,
    twoFactor,
    users: usersService,
    workspaces,
    registration,
    rateLimiter,
    devices,
    lanPrinters,
    files,
    printJobs,
    printJobLifecycle,
    printQueue,
    workspaceAdmin,
    videos,
    notifications,
  };
}

export type Services = ReturnType<typeof createServices>;
