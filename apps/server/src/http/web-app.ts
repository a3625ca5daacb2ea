import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The id of the web build in `webDir`, which /api/health reports for the new-version bar. */
export function readWebBuildId(webDir: string | undefined): string {
  if (!webDir) return 'none';
  try {
    const { build } = JSON.parse(readFileSync(path.join(webDir, 'build.json'), 'utf8')) as {
      build?: unknown;
    };
    return typeof build === 'string' ? build : 'unknown';
  } catch {
    return 'none';
  }
}

/**
 * Serves the built single-page app, pre-compressed (brotli or gzip by Accept-Encoding): hashed
 * assets cached for a year, index.html never, and every other GET that is not the API answered
 * with index.html so the router can take it.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
): Promise<void> {
  const hasWebApp = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // the build wrote <file>.br and <file>.gz beside each text asset: sent by Accept-Encoding
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // a cache must not hand a brotli body to a client that asked for gzip
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (hasWebApp && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      code: 'not_found',
      message: `No route ${request.method} ${request.url.split('?')[0]}.`,
    });
  });
}
