import { PushConfigSchema, type PushConfig } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export function getPushConfig(signal?: AbortSignal): Promise<PushConfig> {
  return apiClient.request({ path: '/push/', schema: PushConfigSchema, signal });
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
