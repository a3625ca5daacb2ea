import { PushConfigSchema, type PushConfig } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export function getPushConfig(signal?: AbortSignal): Promise<PushConfig> {
  return apiClient.request({ path: apiPath('/push/'), schema: PushConfigSchema, signal });
}

export function getPushConfigQueryOptions() {
  return queryOptions({
    queryKey: ['push', 'config'],
    queryFn: ({ signal }) => getPushConfig(signal),
    staleTime: Infinity,
  });
}

export function usePushConfig() {
  return useQuery(getPushConfigQueryOptions());
}
