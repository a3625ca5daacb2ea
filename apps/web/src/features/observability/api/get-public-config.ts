import { PublicConfigSchema, type PublicConfig } from '@printdeck/shared';
import { apiClient } from '../../../api/client';

/** Where to report errors and page views; read once at start, before anyone signs in. */
export function getPublicConfig(): Promise<PublicConfig> {
  return apiClient.request({
    path: '/public-config/',
    schema: PublicConfigSchema,
    isAnonymous: true,
  });
}
