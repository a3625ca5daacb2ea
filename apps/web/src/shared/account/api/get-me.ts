import { UserSchema, type User } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export function getMe(signal?: AbortSignal): Promise<User> {
  return apiClient.request({ path: apiPath('/users/me/'), schema: UserSchema, signal });
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['users', 'me'], queryFn: ({ signal }) => getMe(signal) });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
