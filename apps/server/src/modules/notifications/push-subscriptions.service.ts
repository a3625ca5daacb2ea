import { isIP } from 'node:net';
import type { PushConfig, PushSubscriptionCreate } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { fieldError } from '../../http/app-error.js';

/**
 * The server sends to the endpoint a browser gives it, so only a push service's address is
 * taken: https, a host name, not this machine or a private network (checklist C40).
 */
export function isAllowedPushEndpoint(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowLocal) return url.protocol === 'https:' || url.protocol === 'http:';
  // `localhost.` is localhost: the trailing dot of a fully qualified name is dropped first
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return (
    url.protocol === 'https:' &&
    (url.port === '' || url.port === '443') &&
    isIP(host) === 0 &&
    host.includes('.') &&
    !/(^|\.)(localhost|local|internal|home|lan)$/i.test(host) &&
    url.username === '' &&
    url.password === ''
  );
}

/** Browser push opt-in: one row per browser (its endpoint), owned by the member who opted in. */
export function createPushSubscriptionsService(deps: {
  db: Db;
  clock: Clock;
  publicKey: string;
  allowLocalEndpoints: boolean;
}) {
  const { db, clock } = deps;
  return {
    getConfig(): PushConfig {
      return { public_key: deps.publicKey };
    },

    async subscribe(userId: number, input: PushSubscriptionCreate): Promise<void> {
      if (!isAllowedPushEndpoint(input.endpoint, deps.allowLocalEndpoints)) {
        throw fieldError('endpoint', 'Not the address of a push service.');
      }
      await db
        .insertInto('push_subscriptions')
        .values({
          user_id: userId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          created_on: clock.now().toISOString(),
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            user_id: userId,
            p256dh: input.keys.p256dh,
            auth: input.keys.auth,
          }),
        )
        .execute();
    },

    /** Only the member's own browser: someone else's endpoint is left alone. */
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .execute();
    },
  };
}

export type PushSubscriptionsService = ReturnType<typeof createPushSubscriptionsService>;
