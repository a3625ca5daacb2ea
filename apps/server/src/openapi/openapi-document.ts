import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { withCliContext } from '../cli/cli-context.js';
import { systemClock } from '../clock.js';
import { buildApp } from '../http/app.js';

/**
 * The OpenAPI document as the server builds it from its route schemas, without listening on a
 * port: a throwaway data directory and SQLite file, the app assembled (no worker started), its
 * swagger exported.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-openapi-'));
  try {
    // the CLI's context: this data directory's config, its migrated database and the services
    return await withCliContext({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, async (context) => {
      const app = await buildApp({
        ...context,
        clock: systemClock,
        logger: pino({ level: 'silent' }),
      });
      try {
        await app.server.ready();
        return app.server.swagger() as unknown as Record<string, unknown>;
      } finally {
        await app.server.close();
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
