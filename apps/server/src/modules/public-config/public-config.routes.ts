import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicConfigSchema, RELEASE_VERSION, type PublicConfig } from '@printdeck/shared';
import type { Config } from '../../config/config.js';

/** The web app's reporting settings, from the server's environment (never baked in a build). */
export function toPublicConfig(config: Config): PublicConfig {
  return {
    error_reporting: config.sentryDsn
      ? { dsn: config.sentryDsn, environment: config.environment, release: RELEASE_VERSION }
      : null,
    analytics: config.analytics
      ? { url: config.analytics.url, site_id: config.analytics.siteId }
      : null,
    mail_delivery: config.smtpUrl ? 'smtp' : 'files',
  };
}

/** The origins the web app sends reports to, for the Content-Security-Policy's connect-src. */
export function getReportingOrigins(config: Config): string[] {
  const urls = [config.sentryDsn, config.analytics?.url].filter((url) => url !== undefined);
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

export function registerPublicConfigRoutes(app: FastifyInstance, config: Config): void {
  const body = toPublicConfig(config);
  app.withTypeProvider<ZodTypeProvider>().get('/api/public-config/', {
    config: { isPublic: true },
    schema: {
      tags: ['system'],
      summary: 'Error reporting, analytics and mail delivery settings for the web app',
      response: { 200: PublicConfigSchema },
    },
    handler: async () => body,
  });
}
