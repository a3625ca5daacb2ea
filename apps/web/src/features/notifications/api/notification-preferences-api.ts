import {
  NotificationPreferencesSchema,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export const notificationPreferencesQueryKey = ['notifications', 'preferences'] as const;

export function useNotificationPreferences() {
  return useQuery(
    queryOptions({
      queryKey: notificationPreferencesQueryKey,
      queryFn: ({ signal }): Promise<NotificationPreferences> =>
        apiClient.request({
          path: apiPath('/notifications/preferences/'),
          schema: NotificationPreferencesSchema,
          signal,
        }),
    }),
  );
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesUpdate): Promise<NotificationPreferences> =>
      apiClient.request({
        method: 'PATCH',
        path: apiPath('/notifications/preferences/'),
        body: body satisfies ApiRequestBody<'/notifications/preferences/', 'patch'>,
        schema: NotificationPreferencesSchema,
      }),
    onSuccess: (data) => queryClient.setQueryData(notificationPreferencesQueryKey, data),
    meta: INLINE_ERRORS,
  });
}
