import { ApiKeySchema, type ApiKey } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export const apiKeysQueryKey = ['users', 'me', 'api_keys'] as const;

export function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return apiClient.request({
    path: apiPath('/users/me/api_keys/'),
    schema: z.array(ApiKeySchema),
    signal,
  });
}

export function useApiKeys() {
  return useQuery(
    queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => getApiKeys(signal) }),
  );
}
