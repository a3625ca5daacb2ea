import type { AccountTables } from './tables/accounts.js';
import type { WorkspaceTables } from './tables/workspaces.js';
import type { DeviceTables } from './tables/devices.js';
import type { FileTables } from './tables/files.js';
import type { PrintingTables } from './tables/printing.js';
import type { MessagingTables } from './tables/messaging.js';
import type { JobTables } from './tables/jobs.js';
import type { SpoolTables } from './tables/spools.js';
import type { WebhookTables } from './tables/webhooks.js';
import type { MaintenanceTables } from './tables/maintenance.js';
import type { WaitingStartsTables } from './tables/waiting-starts.js';

export type * from './tables/accounts.js';
export type * from './tables/workspaces.js';
export type * from './tables/devices.js';
export type * from './tables/files.js';
export type * from './tables/printing.js';
export type * from './tables/messaging.js';
export type * from './tables/jobs.js';
export type * from './tables/spools.js';
export type * from './tables/webhooks.js';
export type * from './tables/waiting-starts.js';

/**
 * Tables as both dialects see them. Timestamps are ISO-8601 UTC strings and flags are 0/1
 * integers, so the same queries and migrations run unchanged on SQLite and PostgreSQL.
 * One file per area under tables/; this is the whole database as Kysely sees it.
 */
export interface Database
  extends
    AccountTables,
    WorkspaceTables,
    DeviceTables,
    FileTables,
    PrintingTables,
    MessagingTables,
    JobTables,
    SpoolTables,
    WebhookTables,
    MaintenanceTables,
    WaitingStartsTables {}
