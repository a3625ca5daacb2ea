import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { DeliveryError } from './delivery-error.js';
import type { DeliveryTargetsRepository } from './delivery-targets.repository.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The server's VAPID key pair, generated once into the data directory (owner-only file). */
export function resolveVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey) {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  } catch {
    // none yet: make one below
  }
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'w' });
  chmodSync(file, 0o600);
  return keys;
}

export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

interface Subscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  publicKey: string;
  send(subscription: Subscription, message: PushMessage): Promise<void>;
}

const PUSH_TIMEOUT_MS = 15_000;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): `web-push` signs
 * and encrypts, fetch delivers. A push service answering 404 or 410 says the browser's
 * subscription is gone: it is removed.
 */
export function createPushSender(deps: {
  keys: VapidKeys;
  subject: string;
  targets: DeliveryTargetsRepository;
}): PushSender {
  return {
    publicKey: deps.keys.publicKey,
    async send(subscription, message) {
      const request = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(message),
        {
          vapidDetails: {
            subject: deps.subject,
            publicKey: deps.keys.publicKey,
            privateKey: deps.keys.privateKey,
          },
          TTL: 3600,
          contentEncoding: 'aes128gcm',
        },
      );
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          redirect: 'error',
        });
        await response.arrayBuffer().catch(() => undefined);
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        throw new DeliveryError(true, `Push service: network error (${code ?? 'fetch failed'})`);
      }
      if (response.ok) return;
      if (response.status === 404 || response.status === 410) {
        await deps.targets.deletePushSubscription(subscription.id);
        throw new DeliveryError(false, `Push service: ${response.status}, subscription removed`);
      }
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status === 429 || response.status >= 500) {
        throw new DeliveryError(
          true,
          `Push service: ${response.status}`,
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
        );
      }
      throw new DeliveryError(false, `Push service: ${response.status}`);
    },
  };
}
