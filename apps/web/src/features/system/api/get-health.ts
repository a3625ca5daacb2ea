import { HealthSchema, TIMING, type Health } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { SILENT_ERRORS } from '../../../api/query-meta';

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return apiClient.request({
    path: apiPath('/health'),
    schema: HealthSchema,
    isAnonymous: true,
    signal,
  });
}

/** Polled for the new-version bar; a failed poll tells nobody, the next one tries again. */
export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: TIMING.versionCheckMs,
    refetchOnWindowFocus: 'always',
    retry: false,
    meta: SILENT_ERRORS,
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
