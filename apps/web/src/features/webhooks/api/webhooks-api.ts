import {
  WebhookCreatedSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookUpdate,
} from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export const webhooksQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'webhooks'] as const;
export const deliveriesQueryKey = (workspaceId: number, webhookId: number) =>
  [...webhooksQueryKey(workspaceId), webhookId, 'deliveries'] as const;

/** While a delivery is still on its way the log looks again, to show the target's answer. */
const IN_FLIGHT_REFRESH_MS = 2000;

export function useWebhooks(workspaceId: number) {
  return useQuery(
    queryOptions({
      queryKey: webhooksQueryKey(workspaceId),
      queryFn: async ({ signal }): Promise<Webhook[]> =>
        (
          await apiClient.request({
            path: apiPath('/groups/{g}/webhooks/', { g: workspaceId }),
            schema: WebhookListSchema,
            signal,
          })
        ).results,
    }),
  );
}

export function useWebhookDeliveries(workspaceId: number, webhookId: number) {
  return useQuery(
    queryOptions({
      queryKey: deliveriesQueryKey(workspaceId, webhookId),
      queryFn: async ({ signal }): Promise<WebhookDelivery[]> =>
        (
          await apiClient.request({
            path: apiPath('/groups/{g}/webhooks/{id}/deliveries/', {
              g: workspaceId,
              id: webhookId,
            }),
            schema: WebhookDeliveryListSchema,
            signal,
          })
        ).results,
      refetchInterval: (query) =>
        query.state.data?.some((item) => item.state === 'pending' || item.state === 'sending')
          ? IN_FLIGHT_REFRESH_MS
          : false,
    }),
  );
}

/** The answer carries the signing secret: the only time it is shown. */
export function useCreateWebhook(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreate): Promise<WebhookCreated> =>
      apiClient.request({
        method: 'POST',
        path: apiPath('/groups/{g}/webhooks/', { g: workspaceId }),
        body: body satisfies ApiRequestBody<'/groups/{g}/webhooks/', 'post'>,
        schema: WebhookCreatedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}

export function useUpdateWebhook(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; body: WebhookUpdate }): Promise<Webhook> =>
      apiClient.request({
        method: 'PATCH',
        path: apiPath('/groups/{g}/webhooks/{id}/', { g: workspaceId, id: input.id }),
        body: input.body satisfies ApiRequestBody<'/groups/{g}/webhooks/{id}/', 'patch'>,
        schema: WebhookSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}

export function useDeleteWebhook(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<void> =>
      apiClient.request({
        method: 'DELETE',
        path: apiPath('/groups/{g}/webhooks/{id}/', { g: workspaceId, id }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}

/** A new secret, in the answer only; the old one keeps signing for the grace period. */
export function useRotateWebhookSecret(workspaceId: number, webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<WebhookCreated> =>
      apiClient.request({
        method: 'POST',
        path: apiPath('/groups/{g}/webhooks/{id}/rotate-secret/', {
          g: workspaceId,
          id: webhookId,
        }),
        body: {},
        schema: WebhookCreatedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}

/** Queues a webhook.test event; its delivery (pending at first) joins the log. */
export function useSendTestWebhook(workspaceId: number, webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<WebhookDelivery> =>
      apiClient.request({
        method: 'POST',
        path: apiPath('/groups/{g}/webhooks/{id}/test/', { g: workspaceId, id: webhookId }),
        schema: WebhookDeliverySchema,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(workspaceId, webhookId) }),
    meta: INLINE_ERRORS,
  });
}
