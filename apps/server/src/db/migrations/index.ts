import type { MigrationModule } from './migration-helpers.js';
import * as accountsAndWorkspaces from './0001-accounts-and-workspaces.js';
import * as filesAndLabels from './0002-files-and-labels.js';
import * as devicesAndPrinters from './0003-devices-and-printers.js';
import * as printJobs from './0004-print-jobs.js';
import * as printerOctoprintKey from './0006-printer-octoprint-key.js';
import * as workspaceAdministration from './0005-workspace-administration.js';

/** Every migration in order. Names are permanent: they are recorded in the database. */
export const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-accounts-and-workspaces': accountsAndWorkspaces,
  '0002-files-and-labels': filesAndLabels,
  '0003-devices-and-printers': devicesAndPrinters,
  '0004-print-jobs': printJobs,
  '0006-printer-octoprint-key': printerOctoprintKey,
  '0005-workspace-administration': workspaceAdministration,
};
