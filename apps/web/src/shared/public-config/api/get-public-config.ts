import { PublicConfigSchema, type PublicConfig } from '@printdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

/** Where to report errors and page views; read once at start, before anyone signs in. */
export function getPublicConfig(): Promise<PublicConfig> {
  return apiClient.request({
    path: apiPath('/public-config/'),
    schema: PublicConfigSchema,
    isAnonymous: true,
  });
}

/** The same settings for screens that depend on them (mail written to files: issue 24). */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: getPublicConfig,
    staleTime: Infinity,
  });
}
