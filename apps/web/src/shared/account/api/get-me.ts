import { UserSchema, type User } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export function getMe(signal?: AbortSignal): Promise<User> {
  return apiClient.request({ path: '/users/me/', schema: UserSchema, signal });
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['users', 'me'], queryFn: ({ signal }) => getMe(signal) });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
