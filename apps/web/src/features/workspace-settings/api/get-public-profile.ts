import { PublicProfileSchema, type PublicProfile } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** Anyone may read a public workspace's profile; a private or unknown one answers 404. */
export function getPublicProfile(uniqueId: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiClient.request({
    path: apiPath('/public/{uniqueId}/', { uniqueId }),
    schema: PublicProfileSchema,
    isAnonymous: true,
    signal,
  });
}

export function usePublicProfile(uniqueId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['public', uniqueId] as const,
      queryFn: ({ signal }) => getPublicProfile(uniqueId, signal),
      retry: false,
      meta: INLINE_ERRORS,
    }),
  );
}
