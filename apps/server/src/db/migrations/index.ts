import type { MigrationModule } from './migration-helpers.js';
import * as accountsAndWorkspaces from './0001-accounts-and-workspaces.js';

/** Every migration in order. Names are permanent: they are recorded in the database. */
export const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-accounts-and-workspaces': accountsAndWorkspaces,
};
