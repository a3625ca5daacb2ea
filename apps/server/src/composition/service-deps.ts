import type { AgentTuning } from '@printdeck/agent-core';
import type { ScheduledBackup } from '../backup/backup-job.js';
import type { Clock } from '../clock.js';
import type { PasswordHashCost } from '../crypto/password.js';
import type { Cluster } from '../cluster/cluster.js';
import type { DatabaseHandle } from '../db/database.js';
import type { JobRunnerOptions } from '../jobs/job-runner.js';
import type { Mailer } from '../mail/mailer.js';
import type { LanNetwork } from '../modules/lan-printers/lan-networks.js';
import type { BambuPorts } from '../modules/lan-printers/lan-printer-hosts.js';
import type { WebhookDeliveryOptions } from '../modules/webhooks/webhook-delivery-job.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { NotificationOptions } from './notifications.js';
import type { SpoolmanOptions } from './spoolman.js';
import type { VideoSettings } from './videos.js';

/** What the server's services are built from: its settings, adapters and test tunings. */
export interface ServiceDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  jwtSecret: string;
  publicUrl: string;
  /** PASSWORD_HASH_COST; absent: the standard (ASVS) cost */
  passwordHashCost?: PasswordHashCost;
  /** the data directory: the upload temp area and work folders, and the file store by default */
  dataDir: string;
  /** STORAGE_URL's object store (S3); absent: objects live in the data directory */
  objectStore?: ObjectStore;
  deviceTimeouts?: { commandMs: number; snapshotMs: number; printStartMs: number };
  videoSettings?: VideoSettings;
  mailFrom?: string;
  telegram?: { botToken: string | undefined; botName: string | undefined; apiUrl: string };
  notificationOptions?: NotificationOptions;
  /** what several instances share (REDIS_URL); one process keeps it all in memory */
  cluster?: Cluster;
  /** LAN_PRINTER_NETWORKS; empty or absent: LAN mode off */
  lanPrinterNetworks?: LanNetwork[];
  /** LAN_BAMBU_PORTS; absent: the printers' own */
  lanBambuPorts?: BambuPorts;
  /** LAN_BAMBU_DISCOVERY_PORT; absent: discovery off */
  lanBambuDiscoveryPort?: number | undefined;
  /** tests: the built-in agents' retries and timelapse interval */
  lanAgentTuning?: Partial<AgentTuning>;
  jobOptions?: Partial<JobRunnerOptions>;
  /** OUTGOING_ALLOWED_NETWORKS: webhooks may reach these besides public addresses */
  outgoingAllowedNetworks?: LanNetwork[];
  /** tests shorten the webhook retries */
  webhookOptions?: Partial<WebhookDeliveryOptions>;
  /** tests: how often /api/health may ask the object store */
  storeCheckEveryMs?: number;
  /** BACKUP_SCHEDULE: a backup per period (the object store is added here) */
  scheduledBackup?: Omit<ScheduledBackup, 'objectStore' | 'dataDir'>;
  /** tests shorten the Spoolman usage retries and sync period */
  spoolmanOptions?: Partial<SpoolmanOptions>;
}
