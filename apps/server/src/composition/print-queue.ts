import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { LiveDevices } from '../gateway/live-devices.js';
import type { FilesRepository } from '../modules/files/files.repository.js';
import { createPrintJobsRepository } from '../modules/print-jobs/print-jobs.repository.js';
import type { PrintJobsService } from '../modules/print-jobs/print-jobs.service.js';
import type { GetPrinterForUser } from '../modules/printers/printer-access.js';
import { createPrintersRepository } from '../modules/printers/printers.repository.js';
import type { UsersRepository } from '../modules/users/users.repository.js';
import type { WorkspacesRepository } from '../modules/workspaces/workspaces.repository.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';
import { createQueueListRepository } from '../modules/print-queue/queue-list.repository.js';
import { createPrintQueueRepository } from '../modules/print-queue/print-queue.repository.js';
import { createPrintQueueService } from '../modules/print-queue/print-queue.service.js';
import { createPrinterPlatesRepository } from '../modules/print-queue/printer-plates.repository.js';
import { createQueueDispatcher } from '../modules/print-queue/queue-dispatcher.js';
import { createPrinterSpoolsRepository } from '../modules/spools/printer-spools.repository.js';
import { createQueueStagger } from '../modules/print-queue/queue-stagger.js';
import { createQueueStarter } from '../modules/print-queue/queue-starter.js';
import { createQueuePrinterVersionsRepository } from '../modules/print-queue/queue-printer-versions.repository.js';
import { createQueueWaiting } from '../modules/print-queue/queue-waiting.js';
import type { JobsRepository } from '../jobs/jobs.repository.js';
import { createWaitingStarts } from '../modules/waiting-starts/waiting-starts.service.js';
import { createWaitingStartsRepository } from '../modules/waiting-starts/waiting-starts.repository.js';

/**
 * A start claimed (a queue item) or handed over (a waiting start) longer ago than the
 * print-start timeout and this margin was interrupted.
 */
const STALE_CLAIM_MARGIN_MS = 60_000;

/**
 * The print queue: its service, the dispatcher that starts items by itself, and the waiting
 * starts, which share the queue's stagger (heating printers, seconds between starts).
 */
export function createPrintQueueServices(deps: {
  db: Db;
  clock: Clock;
  live: LiveDevices;
  files: FilesRepository;
  users: UsersRepository;
  workspaces: WorkspacesService;
  workspacesRepository: WorkspacesRepository;
  getPrinterForUser: GetPrinterForUser;
  printJobs: PrintJobsService;
  printStartTimeoutMs: number;
  /** the background-jobs table, where a waiting start's job is written */
  jobs: JobsRepository;
  wakeJobs: () => void;
}) {
  const { db, clock, live } = deps;
  const staleClaimMs = deps.printStartTimeoutMs + STALE_CLAIM_MARGIN_MS;
  const items = createPrintQueueRepository(db);
  const plates = createPrinterPlatesRepository(db);
  const printers = createPrintersRepository(db);
  const loadedSpools = createPrinterSpoolsRepository(db);
  const stagger = createQueueStagger({
    db,
    live,
    clock,
    handOverMs: staleClaimMs,
  });
  const starter = createQueueStarter({
    items,
    plates,
    printJobs: deps.printJobs,
    live,
    workspaces: deps.workspacesRepository,
    clock,
  });
  const dispatcher = createQueueDispatcher({
    items,
    plates,
    printers,
    starter,
    loadedSpools,
    stagger,
    live,
    clock,
    staleClaimMs,
  });
  const logged = (promise: Promise<void>) => promise.catch(() => undefined);
  const service = createPrintQueueService({
    items,
    list: createQueueListRepository(db),
    plates,
    files: deps.files,
    printers,
    jobs: createPrintJobsRepository(db),
    users: deps.users,
    workspaces: deps.workspaces,
    getPrinterForUser: deps.getPrinterForUser,
    starter,
    stagger,
    waiting: createQueueWaiting({
      versions: createQueuePrinterVersionsRepository(db),
      plates,
      loadedSpools,
      live,
    }),
    clock,
    onQueueChanged: (workspaceId) => void logged(dispatcher.kickWorkspace(workspaceId)),
    onPlateCleared: (printerId) => void logged(dispatcher.kickPrinter(printerId)),
  });
  const waitingStarts = createWaitingStarts({
    db,
    repository: createWaitingStartsRepository(db),
    stagger,
    printJobs: deps.printJobs,
    getPrinterForUser: deps.getPrinterForUser,
    workspaces: deps.workspaces,
    jobs: deps.jobs,
    wakeJobs: deps.wakeJobs,
    live,
    clock,
    handOverMs: staleClaimMs,
  });
  return { service, dispatcher, stagger, waitingStarts };
}
