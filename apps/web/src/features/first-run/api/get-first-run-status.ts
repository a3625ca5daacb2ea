import { FirstRunStatusSchema, type FirstRunStatus } from '@printdeck/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export function getFirstRunStatus(signal?: AbortSignal): Promise<FirstRunStatus> {
  return apiClient.request({
    path: apiPath('/first-run/'),
    schema: FirstRunStatusSchema,
    isAnonymous: true,
    signal,
  });
}

/** Asked fresh each time: the answer turns from open to closed once, for good. */
export function getFirstRunStatusQueryOptions() {
  return queryOptions({
    queryKey: ['first-run'] as const,
    queryFn: ({ signal }) => getFirstRunStatus(signal),
    staleTime: 0,
  });
}
