import { TelegramStatusSchema, type TelegramStatus } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export const telegramStatusQueryKey = ['telegram'] as const;

export function getTelegramStatus(signal?: AbortSignal): Promise<TelegramStatus> {
  return apiClient.request({ path: apiPath('/telegram/'), schema: TelegramStatusSchema, signal });
}

export function getTelegramStatusQueryOptions() {
  return queryOptions({
    queryKey: telegramStatusQueryKey,
    queryFn: ({ signal }) => getTelegramStatus(signal),
  });
}

export function useTelegramStatus(refetchInterval: number | false = false) {
  return useQuery({ ...getTelegramStatusQueryOptions(), refetchInterval });
}
