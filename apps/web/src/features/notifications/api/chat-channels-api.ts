import {
  ChatChannelListSchema,
  ChatChannelSchema,
  ChatChannelTestResultSchema,
  type ChatChannel,
  type ChatChannelCreate,
  type ChatChannelTestResult,
  type ChatChannelUpdate,
} from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export const chatChannelsQueryKey = ['notifications', 'channels'] as const;

export function useChatChannels() {
  return useQuery(
    queryOptions({
      queryKey: chatChannelsQueryKey,
      queryFn: async ({ signal }): Promise<ChatChannel[]> =>
        (
          await apiClient.request({
            path: apiPath('/notifications/channels/'),
            schema: ChatChannelListSchema,
            signal,
          })
        ).results,
    }),
  );
}

export function useCreateChatChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatChannelCreate): Promise<ChatChannel> =>
      apiClient.request({
        method: 'POST',
        path: apiPath('/notifications/channels/'),
        body: body satisfies ApiRequestBody<'/notifications/channels/', 'post'>,
        schema: ChatChannelSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatChannelsQueryKey }),
    meta: INLINE_ERRORS,
  });
}

export function useUpdateChatChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; body: ChatChannelUpdate }): Promise<ChatChannel> =>
      apiClient.request({
        method: 'PATCH',
        path: apiPath('/notifications/channels/{id}/', { id: input.id }),
        body: input.body satisfies ApiRequestBody<'/notifications/channels/{id}/', 'patch'>,
        schema: ChatChannelSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatChannelsQueryKey }),
    meta: INLINE_ERRORS,
  });
}

export function useDeleteChatChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<void> =>
      apiClient.request({
        method: 'DELETE',
        path: apiPath('/notifications/channels/{id}/', { id }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatChannelsQueryKey }),
    meta: INLINE_ERRORS,
  });
}

/** Sent now, straight to the service: the answer says whether it took the message. */
export function useTestChatChannel() {
  return useMutation({
    mutationFn: (id: number): Promise<ChatChannelTestResult> =>
      apiClient.request({
        method: 'POST',
        path: apiPath('/notifications/channels/{id}/test/', { id }),
        schema: ChatChannelTestResultSchema,
      }),
    meta: INLINE_ERRORS,
  });
}
