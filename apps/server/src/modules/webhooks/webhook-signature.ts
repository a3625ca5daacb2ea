import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-printdeck-signature';
export const EVENT_HEADER = 'x-printdeck-event';
export const DELIVERY_HEADER = 'idempotency-key';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`: the
 * receiver recomputes it and refuses an old timestamp, so a captured request cannot be replayed
 * later (the Stripe convention).
 */
export function signWebhookBody(
  secret: string,
  body: string,
  unixSeconds: number,
  /** during a rotation's grace period: the old secret signs too, as a second `v1=` */
  previousSecret?: string,
): string {
  const mac = (key: string) =>
    createHmac('sha256', key).update(`${unixSeconds}.${body}`).digest('hex');
  const old = previousSecret === undefined ? '' : `,v1=${mac(previousSecret)}`;
  return `t=${unixSeconds},v1=${mac(secret)}${old}`;
}
