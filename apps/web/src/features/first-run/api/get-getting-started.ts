import { GettingStartedSchema, type GettingStarted } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export function getGettingStarted(workspaceId: number, signal?: AbortSignal) {
  return apiClient.request({
    path: apiPath('/groups/{g}/getting-started/', { g: workspaceId }),
    schema: GettingStartedSchema,
    signal,
  });
}

export const isEveryStepDone = (steps: GettingStarted) =>
  steps.printer_connected && steps.file_uploaded && steps.member_invited;

/**
 * The workspace's first steps; asked again every few seconds while the card waits for one (an
 * agent connecting, a member accepting happen elsewhere), never when it is not shown.
 */
export function useGettingStarted(workspaceId: number, isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['groups', workspaceId, 'getting-started'] as const,
      queryFn: ({ signal }) => getGettingStarted(workspaceId, signal),
      enabled: isEnabled,
      refetchInterval: (query) =>
        query.state.data && isEveryStepDone(query.state.data) ? false : 5000,
    }),
  );
}
