import { SessionSchema, type Session } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export const sessionsQueryKey = ['users', 'me', 'sessions'] as const;

export function getSessions(signal?: AbortSignal): Promise<Session[]> {
  return apiClient.request({
    path: apiPath('/users/me/sessions/'),
    schema: z.array(SessionSchema),
    signal,
  });
}

export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal) });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
