import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PublicConfigSchema,
  RELEASE_VERSION,
  TEST_WEB_DEADLINES,
  type PublicConfig,
} from '@printdeck/shared';
import type { Config } from '../../config/config.js';

/**
 * The parts of a Sentry DSN a browser needs: scheme, public key, host and the path to the
 * project id. A secret key (the deprecated "key:secret"), a query or a fragment the operator
 * pasted along stay on the server.
 */
export function toPublicDsn(dsn: string): string {
  const url = new URL(dsn);
  return `${url.protocol}//${url.username}@${url.host}${url.pathname}`;
}

/** The web app's reporting settings, from the server's environment (never baked in a build). */
export function toPublicConfig(config: Config): PublicConfig {
  return {
    error_reporting: config.sentryDsn
      ? {
          dsn: toPublicDsn(config.sentryDsn),
          environment: config.environment,
          release: RELEASE_VERSION,
        }
      : null,
    // the origin only: no user and password, path, query or token from the operator's address
    analytics: config.analytics
      ? { url: new URL(config.analytics.url).origin, site_id: config.analytics.siteId }
      : null,
    mail_delivery: config.smtpUrl ? 'smtp' : 'files',
    test_deadlines: config.hasTestWebDeadlines ? TEST_WEB_DEADLINES : null,
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
      summary: 'Error reporting, analytics, mail delivery and test deadlines for the web app',
      response: { 200: PublicConfigSchema },
    },
    handler: async () => body,
  });
}
