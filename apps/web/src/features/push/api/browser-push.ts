import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

const SERVICE_WORKER = '/push-sw.js';
const subscriptionQueryKey = ['push', 'subscription'] as const;
/** how long the browser's push service may take to subscribe before the user is told */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 8000;

/** The browser's push service (FCM, Mozilla's…) did not answer or refused: say it clearly. */
export class PushServiceUnreachable extends Error {
  constructor() {
    super('push_unreachable');
  }
}

/** Rejects with PushServiceUnreachable when the promise has not settled in time. */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PushServiceUnreachable()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function toKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function findSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** This browser's push subscription, if it opted in. */
export function useBrowserPushSubscription() {
  return useQuery({
    queryKey: subscriptionQueryKey,
    queryFn: findSubscription,
    enabled: isPushSupported(),
  });
}

/** Asks the person, subscribes with the server's VAPID key and hands the subscription over. */
export async function enableBrowserPush(publicKey: string): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new Error('permission_denied');
  }
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER);
  // a browser that cannot reach its push service waits for it without end, or fails with a
  // message only its developers read: either way the person learns what happened
  const subscription = await withinTime(
    navigator.serviceWorker.ready.then(() =>
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: toKeyBytes(publicKey),
      }),
    ),
    PUSH_SUBSCRIBE_TIMEOUT_MS,
  ).catch((error: unknown) => {
    throw error instanceof PushServiceUnreachable ? error : new PushServiceUnreachable();
  });
  await apiClient.request({
    method: 'POST',
    path: apiPath('/push/subscriptions/'),
    body: subscription.toJSON(),
  });
}

export async function disableBrowserPush(): Promise<void> {
  const subscription = await findSubscription();
  if (!subscription) return;
  await apiClient.request({
    method: 'DELETE',
    path: apiPath('/push/subscriptions/'),
    body: { endpoint: subscription.endpoint } satisfies ApiRequestBody<
      '/push/subscriptions/',
      'delete'
    >,
  });
  await subscription.unsubscribe();
}

export function useSetBrowserPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { on: true; publicKey: string } | { on: false }) =>
      input.on ? enableBrowserPush(input.publicKey) : disableBrowserPush(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
    meta: INLINE_ERRORS,
  });
}
