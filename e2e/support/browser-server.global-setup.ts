import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrator.js';
import { BROWSER_SERVER_ENV, chooseChromium } from './browser.js';
import { SQLITE_TEMPLATE_ENV } from './app-under-test.js';

/**
 * Vitest global set-up of the browser suite, run once:
 * - one headless Chromium, which every file connects to and opens its own browser contexts in
 *   (no cookies, storage or cache shared between them), instead of a Chromium started and
 *   stopped by each file;
 * - one migrated SQLite database, copied into each app's data directory before it starts (the
 *   built server then finds nothing to migrate).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-e2e-template-'));
  const sqliteFile = path.join(dir, 'template.sqlite');
  const [server] = await Promise.all([launchServer(), migrateTemplate(dir, sqliteFile)]);
  process.env[BROWSER_SERVER_ENV] = server.wsEndpoint();
  process.env[SQLITE_TEMPLATE_ENV] = sqliteFile;
  return async () => {
    delete process.env[BROWSER_SERVER_ENV];
    delete process.env[SQLITE_TEMPLATE_ENV];
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function launchServer() {
  const choice = await chooseChromium();
  return chromium.launchServer({
    executablePath: choice.executablePath,
    headless: true,
    args: choice.args,
  });
}

async function migrateTemplate(dir: string, sqliteFile: string): Promise<void> {
  const database = openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile });
  try {
    await migrateToLatest(database.db, database.dialect);
  } finally {
    // the last connection's close folds the write-ahead log back into the file
    await database.close();
  }
}
