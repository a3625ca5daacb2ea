import { randomBytes } from 'node:crypto';
import type {
  Webhook,
  WebhookCreate,
  WebhookCreated,
  WebhookDelivery,
  WebhookEvent,
  WebhookRotateSecret,
  WebhookUpdate,
} from '@printdeck/shared';
import { WEBHOOK_ROTATION_GRACE_HOURS } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Db } from '../../db/database.js';
import { fieldError, notFound } from '../../http/app-error.js';
import type { NetworkPolicy } from '../lan-printers/lan-networks.js';
import { checkOutgoingTarget } from '../../outgoing/outgoing-target.js';
import type { WebhookEvents } from './webhook-events.js';
import type { WebhookDeliveryRow, WebhookRow, WebhooksRepository } from './webhooks.repository.js';

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    is_enabled: row.is_enabled === 1,
    created_on: row.created_on,
    previous_secret_until: row.previous_secret_until,
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  const { webhook_id: _webhook, payload: _payload, ...rest } = row;
  return rest;
}

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** A workspace's webhooks, managed by its admins (CHANGE_GROUP). */
export function createWebhooksService(deps: {
  db: Db;
  webhooks: WebhooksRepository;
  events: WebhookEvents;
  secrets: SecretBox;
  allowed: NetworkPolicy;
  clock: Clock;
  requireWorkspacePermission(
    userId: number,
    workspaceId: number,
    permission: 'CHANGE_GROUP',
  ): Promise<unknown>;
  wakeJobs(): void;
}) {
  const { webhooks, clock } = deps;

  async function getOrThrow(userId: number, workspaceId: number, id: number): Promise<WebhookRow> {
    await deps.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
    const row = await webhooks.find(workspaceId, id);
    if (!row) throw notFound('Webhook not found.');
    return row;
  }

  /** Refused now with a clear 400, rather than a delivery log of failures later. */
  async function checkUrl(url: string): Promise<void> {
    const checked = await checkOutgoingTarget(url, deps.allowed);
    if ('refused' in checked)
      throw fieldError('url', `The address was refused: ${checked.refused}.`);
  }

  return {
    async list(userId: number, workspaceId: number): Promise<Webhook[]> {
      await deps.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
      return (await webhooks.list(workspaceId)).map(toWebhook);
    },

    async create(
      userId: number,
      workspaceId: number,
      input: WebhookCreate,
    ): Promise<WebhookCreated> {
      await deps.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
      await checkUrl(input.url);
      const secret = newSecret();
      const row = await webhooks.insert({
        workspace_id: workspaceId,
        url: input.url,
        secret_sealed: deps.secrets.seal(Buffer.from(secret)),
        events: JSON.stringify(input.events),
        is_enabled: input.is_enabled === false ? 0 : 1,
        created_by: userId,
        created_on: clock.now().toISOString(),
        previous_secret_sealed: null,
        previous_secret_until: null,
      });
      return { ...toWebhook(row), secret };
    },

    async update(
      userId: number,
      workspaceId: number,
      id: number,
      input: WebhookUpdate,
    ): Promise<Webhook> {
      await getOrThrow(userId, workspaceId, id);
      if (input.url !== undefined) await checkUrl(input.url);
      await webhooks.update(id, {
        ...(input.url !== undefined && { url: input.url }),
        ...(input.events !== undefined && { events: JSON.stringify(input.events) }),
        ...(input.is_enabled !== undefined && { is_enabled: input.is_enabled ? 1 : 0 }),
      });
      return toWebhook((await webhooks.find(workspaceId, id))!);
    },

    /**
     * A new secret, shown once; the current one keeps signing beside it (a second `v1=`) for
     * the grace period, so the receiver can switch without refusing a delivery. Rotating again
     * within the grace period drops the oldest.
     */
    async rotateSecret(
      userId: number,
      workspaceId: number,
      id: number,
      input: WebhookRotateSecret,
    ): Promise<WebhookCreated> {
      const row = await getOrThrow(userId, workspaceId, id);
      const secret = newSecret();
      const graceMs = (input.grace_hours ?? WEBHOOK_ROTATION_GRACE_HOURS.default) * 3_600_000;
      await webhooks.update(id, {
        secret_sealed: deps.secrets.seal(Buffer.from(secret)),
        previous_secret_sealed: row.secret_sealed,
        previous_secret_until: new Date(clock.now().getTime() + graceMs).toISOString(),
      });
      return { ...toWebhook((await webhooks.find(workspaceId, id))!), secret };
    },

    async remove(userId: number, workspaceId: number, id: number): Promise<void> {
      await getOrThrow(userId, workspaceId, id);
      await webhooks.remove(id);
    },

    /** A `webhook.test` event to this webhook alone, through the same delivery as any. */
    async sendTest(userId: number, workspaceId: number, id: number): Promise<WebhookDelivery> {
      await getOrThrow(userId, workspaceId, id);
      const [row] = await deps.events.enqueue(deps.db, {
        workspaceId,
        event: 'webhook.test',
        eventId: deps.events.newTestEventId(),
        data: { message: 'A test from Printdeck.' },
        webhookId: id,
      });
      deps.wakeJobs();
      return toDelivery(row!);
    },

    async listDeliveries(
      userId: number,
      workspaceId: number,
      id: number,
    ): Promise<WebhookDelivery[]> {
      await getOrThrow(userId, workspaceId, id);
      return (await webhooks.listDeliveries(id)).map(toDelivery);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
