import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { defineRecurringJob } from '../../jobs/job-kind.js';
import type { GetPrinterForUser } from '../printers/printer-access.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { createMaintenanceRepository } from './maintenance.repository.js';
import { createMaintenanceService, type MaintenanceDueNotice } from './maintenance.service.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How often tasks with a days interval are checked for having become due. */
export const MAINTENANCE_DAYS_CHECK_MS = 60 * 60_000;

/** Maintenance tasks (issue 26): the service and the hourly "due by days" check. */
export function createMaintenanceServices(deps: {
  db: Db;
  clock: Clock;
  workspaces: Pick<WorkspacesService, 'requireWorkspacePermission'>;
  getPrinterForUser: GetPrinterForUser;
  users: { findUserById(id: number): Promise<{ username: string } | undefined> };
  enqueueDue: (trx: Transaction<Database>, notice: MaintenanceDueNotice) => Promise<void>;
}) {
  const service = createMaintenanceService({
    ...deps,
    tasks: createMaintenanceRepository(deps.db),
  });
  const daysCheckJob = defineRecurringJob({
    name: 'maintenance.due-by-days',
    everyMs: MAINTENANCE_DAYS_CHECK_MS,
    leaseMs: 10 * 60_000,
    run: () => service.tellDueByDays(),
  });
  return { service, daysCheckJob };
}
