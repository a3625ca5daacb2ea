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
    inTransaction: (trx, job) => events.onJobEnded(trx, job),
    afterCommit: () => deps.wakeJobs(),
    onStarted: (job) => {
      events
        .onJobStarted(deps.db, job)
        .then(() => deps.wakeJobs())
        .catch(() => undefined);
    },
  };
  return {
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
    deliveryJob: createWebhookDeliveryJob({
      webhooks,
      secrets,
      allowed,
      clock: deps.clock,
      ...(deps.options ? { options: deps.options } : {}),
    }),
  };
}
