import type { Clock } from './clock.js';
import type { DatabaseHandle } from './db/database.js';
import { RateLimiter } from './http/rate-limiter.js';
import type { Mailer } from './mail/mailer.js';
import { createAccessTokens } from './modules/auth/access-token.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createMailTokensRepository } from './modules/registration/mail-tokens.repository.js';
import { createRegistrationService } from './modules/registration/registration.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';
import { createWorkspacesRepository } from './modules/workspaces/workspaces.repository.js';
import { createDeviceServices } from './devices-context.js';
import { createPrintJobsRepository } from './modules/print-jobs/print-jobs.repository.js';
import { createPrintJobsService } from './modules/print-jobs/print-jobs.service.js';
import { createFileServices } from './modules/files/files-context.js';
import { GATEWAY_LIMITS } from './gateway/device-connection.js';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.js';
import { createWorkspaceAdminServices } from './workspace-admin-context.js';

export interface ServiceDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  jwtSecret: string;
  publicUrl: string;
  /** the data directory: the file store lives under it */
  dataDir: string;
  deviceTimeouts?: { commandMs: number; snapshotMs: number; printStartMs: number };
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
}: ServiceDeps) {
  const { db } = database;
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const rateLimiter = new RateLimiter(clock);
  const workspacesRepository = createWorkspacesRepository(db);
  const workspaces = createWorkspacesService({ workspaces: workspacesRepository, clock });
  const usersService = createUsersService({ db, users, sessions, workspaces, clock });
  const auth = createAuthService({
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
  });
  const files = createFileServices({ db, clock, workspaces, dataDir, jwtSecret });
  const printJobs = createPrintJobsService({
    jobs: createPrintJobsRepository(db),
    files: files.filesRepository,
    users,
    workspaces,
    live: devices.live,
    getPrinterForUser: devices.getPrinterForUser,
    downloadTokens: files.downloadTokens,
    clock,
    printStartTimeoutMs: deviceTimeouts?.printStartMs ?? GATEWAY_LIMITS.printStartTimeoutMs,
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
  });
  return {
    auth,
    users: usersService,
    workspaces,
    registration,
    rateLimiter,
    devices,
    files,
    printJobs,
    workspaceAdmin,
  };
}

export type Services = ReturnType<typeof createServices>;
