import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { systemClock } from '../clock.js';
import { composeServices } from '../composition-root.js';
import { loadConfig } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { noMailer } from '../mail/mailer.js';
import { buildApp } from './app.js';

/**
 * The OpenAPI document as the server builds it from its route schemas, without listening on a
 * port: a throwaway data directory and SQLite file, the app assembled (no worker started), its
 * swagger exported.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrateToLatest(database.db, database.dialect);
    const services = composeServices({
      database,
      mailer: noMailer,
      clock: systemClock,
      jwtSecret: 'openapi-document-only',
      publicUrl: config.publicUrl,
      dataDir,
    });
    const app = await buildApp({
      config,
      database,
      services,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
    });
    try {
      await app.server.ready();
      return app.server.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.server.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
