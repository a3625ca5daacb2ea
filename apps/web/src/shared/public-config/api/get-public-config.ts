import { PublicConfigSchema, type PublicConfig } from '@printdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { applyServerDeadlines } from '../../../config/deadlines';

/** Where to report errors and page views; read once at start, before anyone signs in. */
function getPublicConfig(): Promise<PublicConfig> {
  return apiClient.request({
    path: apiPath('/public-config/'),
    schema: PublicConfigSchema,
    isAnonymous: true,
  });
}

let started: Promise<PublicConfig | null> | undefined;

/**
 * The settings read at start, once (null: they could not be read, everything stays off); a
 * test server's deadlines apply as they arrive.
 */
export function readPublicConfigAtStart(): Promise<PublicConfig | null> {
  started ??= getPublicConfig().then(
    (config) => {
      applyServerDeadlines(config.test_deadlines);
      return config;
    },
    () => null,
  );
  return started;
}

/** The same settings for screens that depend on them (mail written to files: issue 24). */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    // the answer read at start, or, when that failed, asked again
    queryFn: async () => (await readPublicConfigAtStart()) ?? getPublicConfig(),
    staleTime: Infinity,
  });
}
