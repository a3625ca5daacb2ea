import type { Clock } from '../clock.js';
import { createSecretBox } from '../crypto/secret-box.js';
import type { Db } from '../db/database.js';
import type { DeviceBus } from '../cluster/cluster.js';
import { LiveDevices } from '../gateway/live-devices.js';
import { createDeviceKeysRepository } from '../modules/device-keys/device-keys.repository.js';
import { createDeviceKeysService } from '../modules/device-keys/device-keys.service.js';
import { createDeviceKeyAdminService } from '../modules/device-keys/device-key-admin.service.js';
import { createPrinterGroupsRepository } from '../modules/printer-groups/printer-groups.repository.js';
import { createPrinterGroupsService } from '../modules/printer-groups/printer-groups.service.js';
import { createPrinterAccess } from '../modules/printers/printer-access.js';
import { createPrintJobsRepository } from '../modules/print-jobs/print-jobs.repository.js';
import { createPrinterControlService } from '../modules/printers/printer-control.service.js';
import { createPrintersRepository } from '../modules/printers/printers.repository.js';
import { createPrintersService } from '../modules/printers/printers.service.js';
import type { WorkspacesRepository } from '../modules/workspaces/workspaces.repository.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';

/** Devices, printers and printer groups: the part of the composition root that talks to agents. */
export function createPrinterServices(deps: {
  db: Db;
  clock: Clock;
  workspaces: WorkspacesService;
  workspacesRepository: WorkspacesRepository;
  jwtSecret: string;
  timeouts: { commandMs: number; snapshotMs: number };
  /** shares devices with the other instances (REDIS_URL); none for one process */
  bus?: DeviceBus;
}) {
  const { db, clock, workspaces } = deps;
  const live = new LiveDevices(clock, deps.bus ?? null);
  const printersRepository = createPrintersRepository(db);
  const deviceKeysRepository = createDeviceKeysRepository(db);
  const deviceKeys = createDeviceKeysService({ deviceKeys: deviceKeysRepository, clock });
  const deviceKeyAdmin = createDeviceKeyAdminService({
    deviceKeys: deviceKeysRepository,
    workspaces,
    workspacesRepository: deps.workspacesRepository,
    live,
    clock,
  });
  const getPrinterForUser = createPrinterAccess({
    printers: printersRepository,
    workspaces: deps.workspacesRepository,
  });
  return {
    live,
    getPrinterForUser,
    deviceKeys,
    deviceKeyAdmin,
    printers: createPrintersService({
      printers: printersRepository,
      workspaces,
      deviceKeys,
      deviceKeyAdmin,
      live,
      getPrinterForUser,
      clock,
      jobs: createPrintJobsRepository(db),
      octoprintKeyBox: createSecretBox(deps.jwtSecret, 'octoprint-api-key'),
    }),
    printerControl: createPrinterControlService({
      live,
      getPrinterForUser,
      timeouts: deps.timeouts,
      clock,
    }),
    printerGroups: createPrinterGroupsService({
      groups: createPrinterGroupsRepository(db),
      printers: printersRepository,
      workspaces,
      clock,
    }),
  };
}

export type PrinterServices = ReturnType<typeof createPrinterServices>;
