import {
  NotificationSettingsSchema,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { notificationSettingsQueryKey } from './get-notification-settings';

export function updateNotificationSettings(input: {
  id: number;
  body: NotificationSettingsUpdate;
}): Promise<NotificationSettings> {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/notifications/settings/{id}/', { id: input.id }),
    body: input.body satisfies ApiRequestBody<'/notifications/settings/{id}/', 'patch'>,
    schema: NotificationSettingsSchema,
  });
}

export function useUpdateNotificationSettings(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(notificationSettingsQueryKey(workspaceId), settings),
    meta: INLINE_ERRORS,
  });
}
