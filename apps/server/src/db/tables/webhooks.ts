import type { Generated } from 'kysely';

export type WebhookDeliveryState = 'pending' | 'sending' | 'sent' | 'failed';

/** A workspace's outgoing webhook (migration 0034); `events` is a JSON array of event names. */
export interface WebhooksTable {
  id: Generated<number>;
  workspace_id: number;
  url: string;
  secret_sealed: string;
  events: string;
  is_enabled: Generated<number>;
  created_by: number | null;
  created_on: string;
  /** after a rotation (migration 0044): the old secret, still signing until the time below */
  previous_secret_sealed: Generated<string | null>;
  previous_secret_until: Generated<string | null>;
}

/** One event for one webhook, with its last answer (the delivery log). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  /** the idempotency key the receiver sees: the same on every retry */
  event_id: string;
  event: string;
  /** the JSON body sent */
  payload: string;
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  last_response: string | null;
  duration_ms: number | null;
  created_on: string;
  attempted_on: string | null;
  next_attempt_on: string | null;
}

export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
