import { HomeAssistantStatusSchema, type HomeAssistantStatus } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

/** The bridge's figures move while it publishes: the screen looks again this often. */
const REFRESH_MS = 5000;

export function useHomeAssistantStatus(workspaceId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['groups', workspaceId, 'home-assistant'] as const,
      queryFn: ({ signal }): Promise<HomeAssistantStatus> =>
        apiClient.request({
          path: apiPath('/groups/{g}/home-assistant/', { g: workspaceId }),
          schema: HomeAssistantStatusSchema,
          signal,
        }),
      refetchInterval: REFRESH_MS,
    }),
  );
}
