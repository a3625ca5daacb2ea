import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { createSpoolsRepository } from '../modules/spools/spools.repository.js';
import { createSpoolsService } from '../modules/spools/spools.service.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';

/** Filament (issue 26): the spool inventory. */
export function createSpoolServices(deps: { db: Db; clock: Clock; workspaces: WorkspacesService }) {
  const repository = createSpoolsRepository(deps.db);
  const service = createSpoolsService({ ...deps, spools: repository });
  return { repository, service };
}
