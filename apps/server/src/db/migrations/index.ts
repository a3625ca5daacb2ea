import type { MigrationModule } from './migration-helpers.js';
import * as printerAlertStates from './0049-printer-alert-states.js';
import * as fileSliceInfo from './0052-file-slice-info.js';
import * as accountsAndWorkspaces from './0001-accounts-and-workspaces.js';
import * as filesAndLabels from './0002-files-and-labels.js';
import * as devicesAndPrinters from './0003-devices-and-printers.js';
import * as printJobs from './0004-print-jobs.js';
import * as printerOctoprintKey from './0006-printer-octoprint-key.js';
import * as workspaceAdministration from './0005-workspace-administration.js';
import * as printJobIdentity from './0007-print-job-identity.js';
import * as videos from './0009-videos.js';
import * as security from './0011-security.js';
import * as printQueue from './0008-print-queue.js';
import * as notificationDelivery from './0010-notification-delivery.js';
import * as lanPrinters from './0014-lan-printers.js';
import * as idempotencyKeys from './0012-idempotency-keys.js';
import * as firstRun from './0015-first-run.js';
import * as invitationDelivery from './0016-invitation-delivery.js';
import * as sessionStrength from './0017-session-strength.js';
import * as backgroundJobs from './0019-background-jobs.js';
import * as scaleIndexes from './0018-scale-indexes-and-rollups.js';
import * as timelapseQuotas from './0020-timelapse-quotas.js';
import * as listPagingAndFileSearch from './0023-list-paging-and-file-search.js';
import * as spools from './0028-spools.js';
import * as spoolUsage from './0029-spool-usage.js';
import * as queueCopiesAndStagger from './0030-queue-copies-and-stagger.js';
import * as printerOutOfService from './0031-printer-out-of-service.js';
import * as notificationDeliveryJobs from './0025-notification-delivery-jobs.js';
import * as queuePrinterVersions from './0038-queue-printer-versions.js';
import * as filePlates from './0037-file-plates.js';
import * as webhooks from './0034-webhooks.js';
import * as spoolman from './0041-spoolman.js';
import * as queueItemFilament from './0042-queue-item-filament.js';
import * as chatChannelsAndQuietHours from './0043-chat-channels-and-quiet-hours.js';
import * as webhookSecretRotation from './0044-webhook-secret-rotation.js';
import * as lanBambuPrusaLink from './0045-lan-bambu-prusalink.js';
import * as maintenanceTasks from './0039-maintenance-tasks.js';
import * as printCost from './0040-print-cost.js';
import * as energyMeters from './0053-energy-meters.js';
import * as energyMeterReader from './0057-energy-meter-reader.js';
import * as userAndFileRollups from './0050-user-and-file-rollups.js';
import * as monthlyRollups from './0056-monthly-rollups.js';
import * as waitingStarts from './0047-waiting-starts.js';

/** Every migration in order. Names are permanent: they are recorded in the database. */
export const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-accounts-and-workspaces': accountsAndWorkspaces,
  '0002-files-and-labels': filesAndLabels,
  '0003-devices-and-printers': devicesAndPrinters,
  '0004-print-jobs': printJobs,
  '0006-printer-octoprint-key': printerOctoprintKey,
  '0005-workspace-administration': workspaceAdministration,
  '0007-print-job-identity': printJobIdentity,
  '0009-videos': videos,
  '0011-security': security,
  '0008-print-queue': printQueue,
  '0010-notification-delivery': notificationDelivery,
  '0012-idempotency-keys': idempotencyKeys,
  '0014-lan-printers': lanPrinters,
  '0015-first-run': firstRun,
  '0016-invitation-delivery': invitationDelivery,
  '0017-session-strength': sessionStrength,
  '0019-background-jobs': backgroundJobs,
  '0018-scale-indexes-and-rollups': scaleIndexes,
  '0020-timelapse-quotas': timelapseQuotas,
  '0023-list-paging-and-file-search': listPagingAndFileSearch,
  '0028-spools': spools,
  '0029-spool-usage': spoolUsage,
  '0025-notification-delivery-jobs': notificationDeliveryJobs,
  '0030-queue-copies-and-stagger': queueCopiesAndStagger,
  '0031-printer-out-of-service': printerOutOfService,
  '0038-queue-printer-versions': queuePrinterVersions,
  '0037-file-plates': filePlates,
  '0034-webhooks': webhooks,
  '0041-spoolman': spoolman,
  '0042-queue-item-filament': queueItemFilament,
  '0043-chat-channels-and-quiet-hours': chatChannelsAndQuietHours,
  '0044-webhook-secret-rotation': webhookSecretRotation,
  '0045-lan-bambu-prusalink': lanBambuPrusaLink,
  '0039-maintenance-tasks': maintenanceTasks,
  '0040-print-cost': printCost,
  '0049-printer-alert-states': printerAlertStates,
  '0050-user-and-file-rollups': userAndFileRollups,
  '0047-waiting-starts': waitingStarts,
  '0056-monthly-rollups': monthlyRollups,
  '0052-file-slice-info': fileSliceInfo,
  '0053-energy-meters': energyMeters,
  '0057-energy-meter-reader': energyMeterReader,
};
