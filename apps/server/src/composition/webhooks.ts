import type { Clock } from '../clock.js';
import { createSecretBox } from '../crypto/secret-box.js';
import type { Db } from '../db/database.js';
import type { JobsRepository } from '../jobs/jobs.repository.js';
import { createNetworkPolicy, type LanNetwork } from '../modules/lan-printers/lan-networks.js';
import {
  createWebhookDeliveryJob,
  type WebhookDeliveryOptions,
} from '../modules/webhooks/webhook-delivery-job.js';
import { createWebhookEvents } from '../modules/webhooks/webhook-events.js';
import { createWebhooksRepository } from '../modules/webhooks/webhooks.repository.js';
import { createWebhooksService } from '../modules/webhooks/webhooks.service.js';
import type { PrintJobLifecycleHooks } from '../modules/print-jobs/print-job-lifecycle.js';
import { watchPrinterWebhookEvents } from '../modules/webhooks/printer-webhook-events.js';
import type { LiveDevices } from '../gateway/live-devices.js';
import type { VideoReadyHooks } from '../modules/videos/video-events.js';
import type { FastifyBaseLogger } from 'fastify';

/** Outgoing webhooks (issue 28): the service, the delivery job kind and the job-event hooks. */
export function createWebhookServices(deps: {
  db: Db;
  clock: Clock;
  jwtSecret: string;
  jobs: JobsRepository;
  wakeJobs(): void;
  /** OUTGOING_ALLOWED_NETWORKS */
  allowedNetworks: LanNetwork[];
  requireWorkspacePermission(
    userId: number,
    workspaceId: number,
    permission: 'CHANGE_GROUP',
  ): Promise<unknown>;
  options?: Partial<WebhookDeliveryOptions>;
}) {
  const webhooks = createWebhooksRepository(deps.db);
  const secrets = createSecretBox(deps.jwtSecret, 'webhook-secret');
  const allowed = createNetworkPolicy(deps.allowedNetworks);
  const events = createWebhookEvents({ webhooks, jobs: deps.jobs, clock: deps.clock });
  const hooks: PrintJobLifecycleHooks = {
    inTransaction: async (trx, job) => {
      await events.onJobEnded(trx, job);
      await events.onQueueJobEnded(trx, job);
    },
    afterCommit: () => deps.wakeJobs(),
    onStarted: (job) => {
      events
        .onJobStarted(deps.db, job)
        .then(() => deps.wakeJobs())
        .catch(() => undefined);
    },
  };
  const videoReady: VideoReadyHooks = {
    inTransaction: (trx, ready) => events.onVideoReady(trx, ready),
    afterCommit: () => deps.wakeJobs(),
  };
  return {
    videoReady,
    service: createWebhooksService({
      db: deps.db,
      webhooks,
      events,
      secrets,
      allowed,
      clock: deps.clock,
      requireWorkspacePermission: deps.requireWorkspacePermission,
      wakeJobs: deps.wakeJobs,
    }),
    events,
    hooks,
    /** printer.offline and printer.error from the live devices (event-wiring.ts) */
    watchPrinters(live: LiveDevices, log: Pick<FastifyBaseLogger, 'error'>): void {
      watchPrinterWebhookEvents({
        db: deps.db,
        live,
        events,
        clock: deps.clock,
        wakeJobs: deps.wakeJobs,
        log,
      });
    },
    deliveryJob: createWebhookDeliveryJob({
      webhooks,
      secrets,
      allowed,
      clock: deps.clock,
      ...(deps.options ? { options: deps.options } : {}),
    }),
  };
}
