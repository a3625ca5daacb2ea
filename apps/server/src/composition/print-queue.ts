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

/** A start claimed longer ago than the print-start timeout and this margin was interrupted. */
const STALE_CLAIM_MARGIN_MS = 60_000;

/** The print queue: its service, and the dispatcher that starts items by itself. */
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
}) {
  const { db, clock, live } = deps;
  const items = createPrintQueueRepository(db);
  const plates = createPrinterPlatesRepository(db);
  const printers = createPrintersRepository(db);
  const loadedSpools = createPrinterSpoolsRepository(db);
  const stagger = createQueueStagger({
    db,
    live,
    clock,
    handOverMs: deps.printStartTimeoutMs + STALE_CLAIM_MARGIN_MS,
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
    staleClaimMs: deps.printStartTimeoutMs + STALE_CLAIM_MARGIN_MS,
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
  return { service, dispatcher, stagger };
}
