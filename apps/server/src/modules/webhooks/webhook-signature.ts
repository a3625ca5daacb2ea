import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-printdeck-signature';
export const EVENT_HEADER = 'x-printdeck-event';
export const DELIVERY_HEADER = 'idempotency-key';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`: the
 * receiver recomputes it and refuses an old timestamp, so a captured request cannot be replayed
 * later (the Stripe convention).
 */
export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
