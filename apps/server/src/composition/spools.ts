import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { GetPrinterForUser } from '../modules/printers/printer-access.js';
import { createPrinterSpoolsRepository } from '../modules/spools/printer-spools.repository.js';
import { createPrinterSpoolsService } from '../modules/spools/printer-spools.service.js';
import { createSpoolsRepository } from '../modules/spools/spools.repository.js';
import { createSpoolsService } from '../modules/spools/spools.service.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';

/** Filament (issue 26): the spool inventory and the spools loaded on printers. */
export function createSpoolServices(deps: {
  db: Db;
  clock: Clock;
  workspaces: WorkspacesService;
  getPrinterForUser: GetPrinterForUser;
  onLoadedChanged?: (printerId: number) => void;
}) {
  const repository = createSpoolsRepository(deps.db);
  const loadedRepository = createPrinterSpoolsRepository(deps.db);
  const service = createSpoolsService({ ...deps, spools: repository });
  const loaded = createPrinterSpoolsService({
    ...deps,
    spools: repository,
    loaded: loadedRepository,
  });
  return { repository, loadedRepository, service, loaded };
}
