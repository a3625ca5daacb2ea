import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../http/app-error.js';
import { acceptsGzip, createMetricsAnswers } from './metrics-answers.js';
import type { Metrics } from './metrics.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Compares hashes so the time taken says nothing about the token's length or prefix. */
export function isMetricsTokenRight(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(sha256(match[1]!), sha256(token));
}

/**
 * `GET /metrics` for Prometheus: absent (404) unless METRICS_TOKEN is set, then the scraper
 * sends it as a bearer token (`authorization` in Prometheus' scrape config); anything else 401.
 */
export function registerMetricsRoutes(
  app: FastifyInstance,
  deps: { metrics: Metrics; token: string } | { metrics: null; token: undefined },
): void {
  const answers = deps.metrics ? createMetricsAnswers(() => deps.metrics.render()) : null;
  app.get('/metrics', {
    config: { isPublic: true },
    schema: { hide: true },
    // gzipped here, once per rendered answer (metrics-answers.ts), not by the compress plugin
    compress: false,
    handler: async (request, reply) => {
      if (!deps.metrics || !answers) throw notFound();
      if (!isMetricsTokenRight(request.headers.authorization, deps.token)) {
        throw new AppError(
          'not_authenticated',
          'The metrics token was not provided or is wrong.',
          undefined,
          { 'www-authenticate': 'Bearer realm="metrics"' },
        );
      }
      const gzipped = acceptsGzip(request.headers['accept-encoding']);
      const body = await answers.get({ gzipped });
      if (gzipped) reply.header('content-encoding', 'gzip');
      return reply
        .header('vary', 'accept-encoding')
        .header('content-type', deps.metrics.contentType)
        .send(body);
    },
  });
}

/** Times every request by its route template (bounded), not its raw URL. */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeHttp({
      method: request.method,
      route,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}
