import { NotificationSettingsSchema, type NotificationSettings } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export const notificationSettingsQueryKey = (workspaceId: number) =>
  ['notifications', 'settings', workspaceId] as const;

/** One record per user and workspace; the server makes it on first read. */
export function getNotificationSettings(
  workspaceId: number,
  signal?: AbortSignal,
): Promise<NotificationSettings> {
  return apiClient.request({
    path: `${apiPath('/notifications/settings/')}?group_id=${workspaceId}`,
    schema: NotificationSettingsSchema,
    signal,
  });
}

export function useNotificationSettings(workspaceId: number) {
  return useQuery(
    queryOptions({
      queryKey: notificationSettingsQueryKey(workspaceId),
      queryFn: ({ signal }) => getNotificationSettings(workspaceId, signal),
    }),
  );
}
