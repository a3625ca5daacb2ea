import type { Clock } from '../../clock.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import { GiveUp, RetryLater, WaitUntil, defineJobKind } from '../../jobs/job-kind.js';
import { InFlightLimit } from '../../jobs/in-flight-limit.js';
import type { NetworkPolicy } from '../lan-printers/lan-networks.js';
import { postToTarget, TargetRefused } from '../../outgoing/outgoing-post.js';
import { WEBHOOK_DELIVER, webhookDeliverPayload, webhookJobKey } from './webhook-delivery-keys.js';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signWebhookBody,
} from './webhook-signature.js';
import type { WebhookDeliveryRow, WebhookRow, WebhooksRepository } from './webhooks.repository.js';

export interface WebhookDeliveryOptions {
  /** one attempt waits this long for the whole answer; a slow target holds only its own slot */
  timeoutMs: number;
  maxAttempts: number;
  backoffMs: number;
  maxBackoffMs: number;
  /** deliveries on their way at once in one process */
  concurrency: number;
  /**
   * deliveries on their way at once to one webhook in one process: a slow target holds at most
   * this many of the slots; its other deliveries wait their turn without spending an attempt
   */
  perWebhook: number;
  /** how long such a delivery waits before it looks again */
  turnWaitMs: number;
}

export const WEBHOOK_DELIVERY_DEFAULTS: WebhookDeliveryOptions = {
  timeoutMs: 10_000,
  maxAttempts: 8,
  backoffMs: 10_000,
  maxBackoffMs: 3_600_000,
  concurrency: 16,
  perWebhook: 2,
  turnWaitMs: 1000,
};

/** Statuses worth another try: the target may answer differently later. */
const isRetryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

/** Retry-After in seconds or as a date; undefined when absent or unreadable. */
function retryAfterMs(value: string | string[] | undefined, nowMs: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : undefined;
}

/**
 * Sends one delivery: signed body, the event id as idempotency key (the same on every retry,
 * so a receiver that saw it once ignores a repeat), the answer kept for the log. 2xx: sent;
 * 408, 429 and 5xx, timeouts and network errors: retried with backoff; other 4xx and a refused
 * address: failed at once.
 */
export function createWebhookDeliveryJob(deps: {
  webhooks: WebhooksRepository;
  secrets: SecretBox;
  allowed: NetworkPolicy;
  clock: Clock;
  options?: Partial<WebhookDeliveryOptions>;
}) {
  const { webhooks, secrets, allowed, clock } = deps;
  const options = { ...WEBHOOK_DELIVERY_DEFAULTS, ...deps.options };
  const inFlight = new InFlightLimit<number>(options.perWebhook);

  async function deliver(deliveryId: number): Promise<void> {
    const delivery = await webhooks.findDelivery(deliveryId);
    if (!delivery || delivery.state === 'sent' || delivery.state === 'failed') return;
    const webhook = await webhooks.findById(delivery.webhook_id);
    if (!webhook) return;
    if (!inFlight.tryEnter(webhook.id)) {
      throw new WaitUntil(new Date(clock.now().getTime() + options.turnWaitMs));
    }
    try {
      await send(delivery, webhook);
    } finally {
      inFlight.leave(webhook.id);
    }
  }

  async function send(delivery: WebhookDeliveryRow, webhook: WebhookRow): Promise<void> {
    const started = clock.now();
    await webhooks.markAttempt(
      delivery.id,
      { state: 'sending', attempted_on: started.toISOString(), next_attempt_on: null },
      true,
    );
    const secret = secrets.open(webhook.secret_sealed).toString('utf8');
    const isInGrace =
      webhook.previous_secret_sealed !== null &&
      webhook.previous_secret_until !== null &&
      webhook.previous_secret_until > started.toISOString();
    const signature = signWebhookBody(
      secret,
      delivery.payload,
      Math.floor(started.getTime() / 1000),
      isInGrace ? secrets.open(webhook.previous_secret_sealed!).toString('utf8') : undefined,
    );
    let answer;
    try {
      answer = await postToTarget({
        url: webhook.url,
        body: delivery.payload,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Printdeck-Webhook/1',
          [SIGNATURE_HEADER]: signature,
          [EVENT_HEADER]: delivery.event,
          [DELIVERY_HEADER]: delivery.event_id,
        },
        allowed,
        timeoutMs: options.timeoutMs,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await webhooks.markAttempt(delivery.id, {
        state: 'pending',
        last_status: null,
        last_error: message.slice(0, 500),
        last_response: null,
        duration_ms: clock.now().getTime() - started.getTime(),
      });
      if (error instanceof TargetRefused) throw new GiveUp(message);
      throw new Error(message);
    }
    const duration = clock.now().getTime() - started.getTime();
    const isOk = answer.status >= 200 && answer.status < 300;
    await webhooks.markAttempt(delivery.id, {
      state: isOk ? 'sent' : 'pending',
      last_status: answer.status,
      last_error: isOk ? null : `The target answered ${answer.status}.`,
      last_response: answer.body.slice(0, 1000),
      duration_ms: duration,
    });
    if (isOk) return;
    const message = `The target answered ${answer.status}.`;
    if (!isRetryableStatus(answer.status)) throw new GiveUp(message);
    const waitMs = retryAfterMs(answer.headers['retry-after'], clock.now().getTime());
    throw new RetryLater(
      message,
      waitMs === undefined ? undefined : new Date(clock.now().getTime() + waitMs),
    );
  }

  return defineJobKind({
    name: WEBHOOK_DELIVER,
    payload: webhookDeliverPayload,
    policy: {
      leaseMs: options.timeoutMs * 3,
      maxAttempts: options.maxAttempts,
      backoffMs: options.backoffMs,
      maxBackoffMs: options.maxBackoffMs,
      concurrency: options.concurrency,
    },
    keyOf: ({ deliveryId }) => webhookJobKey(deliveryId),
    handle: ({ deliveryId }) => deliver(deliveryId),
    async onRetry({ deliveryId }, _reason, at) {
      await webhooks.markAttempt(deliveryId, {
        state: 'pending',
        next_attempt_on: at.toISOString(),
      });
    },
    async onGiveUp({ deliveryId }, reason) {
      await webhooks.markAttempt(deliveryId, {
        state: 'failed',
        last_error: reason.slice(0, 500),
        next_attempt_on: null,
      });
    },
  });
}
