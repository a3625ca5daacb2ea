import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import type { Resolve } from '../lan-printers/lan-networks.js';
import { DeliveryError } from './delivery-error.js';
import { checkPushEndpoint } from './push-address.js';
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
  /** tests and development: any http(s) endpoint, fetched as it is */
  allowLocal?: boolean;
  resolve?: Resolve;
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
      const outgoing = {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
      };
      let response: { ok: boolean; status: number; headers: Headers };
      try {
        response = deps.allowLocal
          ? await fetchAsIs(request.endpoint, outgoing)
          : await postToCheckedAddress(request.endpoint, outgoing, deps.resolve);
      } catch (error) {
        if (error instanceof DeliveryError) throw error;
        const code =
          (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
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

interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

async function fetchAsIs(endpoint: string, outgoing: Outgoing) {
  const response = await fetch(endpoint, {
    ...outgoing,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    redirect: 'error',
  });
  await response.arrayBuffer().catch(() => undefined);
  return response;
}

/**
 * The endpoint is checked on every send (push-address.ts) and the request goes to the checked
 * address itself, the name kept for TLS: https on 443 to a public address, no redirects
 * followed (a 3xx is a failed send).
 */
async function postToCheckedAddress(endpoint: string, outgoing: Outgoing, resolve?: Resolve) {
  const checked = await checkPushEndpoint(endpoint, resolve);
  if ('refused' in checked) {
    throw new DeliveryError(false, `Push service address refused: ${checked.refused}`);
  }
  const { url, address, family } = checked;
  return new Promise<{ ok: boolean; status: number; headers: Headers }>((done, fail) => {
    const request = https.request(
      {
        method: outgoing.method,
        host: url.hostname,
        servername: url.hostname,
        port: 443,
        path: `${url.pathname}${url.search}`,
        headers: outgoing.headers,
        timeout: PUSH_TIMEOUT_MS,
        lookup: (_host, _options, callback) => callback(null, address, family),
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          const status = response.statusCode ?? 0;
          done({ ok: status >= 200 && status < 300, status, headers });
        });
        response.on('error', fail);
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
    );
    request.on('error', fail);
    request.end(outgoing.body ?? undefined);
  });
}
