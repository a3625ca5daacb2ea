import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** The build's files by their path under `webDir` ('index.html', 'assets/app-1234.js.br'). */
function listBuiltFiles(webDir: string): Set<string> {
  const files = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(webDir, folder), { withFileTypes: true })) {
      const file = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(file);
      else files.add(file);
    }
  };
  walk('');
  return files;
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
    // `sendFile` only: @fastify/static's route per file (about 470 with their .br and .gz) cost
    // 0.2 s of CPU at every start (docs/benchmarks.md, branch e2ecpu); one route over the list
    // of the build's files below answers the same
    await app.register(fastifyStatic, {
      root: webDir,
      serve: false,
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
    const files = listBuiltFiles(webDir);
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      // the app's files are public; any other path goes on to the not-found handler below, as
      // if this route were not there (an unknown API path is a 404, not a 401)
      config: { isPublic: true },
      schema: { hide: true },
      handler(request, reply) {
        const file = (request.params as { '*': string })['*'];
        if (!files.has(file)) return reply.callNotFound();
        return reply.sendFile(file);
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
