import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema.js';

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
type Executor = Db | Transaction<Database>;

const LOG_LENGTH = 50;

export function createWebhooksRepository(db: Db) {
  return {
    list(workspaceId: number): Promise<WebhookRow[]> {
      return db
        .selectFrom('webhooks')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('id')
        .execute();
    },

    find(workspaceId: number, id: number): Promise<WebhookRow | undefined> {
      return db
        .selectFrom('webhooks')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findById(id: number): Promise<WebhookRow | undefined> {
      return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The enabled webhooks of a workspace that asked for `event`. */
    async listSubscribed(trx: Executor, workspaceId: number, event: string) {
      const rows = await trx
        .selectFrom('webhooks')
        .select(['id', 'events'])
        .where('workspace_id', '=', workspaceId)
        .where('is_enabled', '=', 1)
        .execute();
      return rows.filter((row) => (JSON.parse(row.events) as string[]).includes(event));
    },

    async insert(row: Omit<WebhookRow, 'id'>): Promise<WebhookRow> {
      return db.insertInto('webhooks').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async update(
      id: number,
      changes: Partial<
        Pick<
          WebhookRow,
          | 'url'
          | 'events'
          | 'is_enabled'
          | 'secret_sealed'
          | 'previous_secret_sealed'
          | 'previous_secret_until'
        >
      >,
    ): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable('webhooks').set(changes).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('webhooks').where('id', '=', id).execute();
    },

    /** One delivery per (webhook, event id): a second insert of the same pair adds nothing. */
    async insertDeliveries(
      trx: Executor,
      rows: Array<Pick<WebhookDeliveryRow, 'webhook_id' | 'event_id' | 'event' | 'payload'>>,
      nowIso: string,
    ): Promise<WebhookDeliveryRow[]> {
      if (rows.length === 0) return [];
      return trx
        .insertInto('webhook_deliveries')
        .values(rows.map((row) => ({ ...row, state: 'pending' as const, created_on: nowIso })))
        .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
        .returningAll()
        .execute();
    },

    findDelivery(id: number): Promise<WebhookDeliveryRow | undefined> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    listDeliveries(webhookId: number): Promise<WebhookDeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('id', 'desc')
        .limit(LOG_LENGTH)
        .execute();
    },

    async markAttempt(
      id: number,
      changes: Partial<
        Pick<
          WebhookDeliveryRow,
          | 'state'
          | 'last_status'
          | 'last_error'
          | 'last_response'
          | 'duration_ms'
          | 'attempted_on'
          | 'next_attempt_on'
        >
      >,
      countsAttempt = false,
    ): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          ...changes,
          ...(countsAttempt ? { attempts: eb('attempts', '+', 1) } : {}),
        }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
