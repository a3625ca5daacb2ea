import {
  NotificationPreferencesSchema,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';

export const notificationPreferencesQueryKey = ['notifications', 'preferences'] as const;
const path = '/notifications/preferences/';

export function useNotificationPreferences() {
  return useQuery(
    queryOptions({
      queryKey: notificationPreferencesQueryKey,
      queryFn: ({ signal }): Promise<NotificationPreferences> =>
        apiClient.request({ path, schema: NotificationPreferencesSchema, signal }),
    }),
  );
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesUpdate): Promise<NotificationPreferences> =>
      apiClient.request({ method: 'PATCH', path, body, schema: NotificationPreferencesSchema }),
    onSuccess: (data) => queryClient.setQueryData(notificationPreferencesQueryKey, data),
    meta: INLINE_ERRORS,
  });
}
