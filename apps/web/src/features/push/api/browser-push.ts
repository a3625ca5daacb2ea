import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';

const SERVICE_WORKER = '/push-sw.js';
const subscriptionQueryKey = ['push', 'subscription'] as const;

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
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: toKeyBytes(publicKey),
  });
  await apiClient.request({
    method: 'POST',
    path: '/push/subscriptions/',
    body: subscription.toJSON(),
  });
}

export async function disableBrowserPush(): Promise<void> {
  const subscription = await findSubscription();
  if (!subscription) return;
  await apiClient.request({
    method: 'DELETE',
    path: '/push/subscriptions/',
    body: { endpoint: subscription.endpoint },
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
