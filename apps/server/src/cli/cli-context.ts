import { composeServices, type Services } from '../composition/services.js';
import { systemClock } from '../clock.js';
import { loadConfig, type Config } from '../config/config.js';
import { resolveJwtSecret } from '../config/jwt-secret.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { noMailer } from '../mail/mailer.js';
import { createS3ObjectStore } from '../storage/s3-object-store.js';

export interface CliContext {
  config: Config;
  database: DatabaseHandle;
  services: Services;
}

export async function withCliContext<T>(
  env: NodeJS.ProcessEnv,
  work: (context: CliContext) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const objectStore = config.s3 ? createS3ObjectStore(config.s3) : undefined;
  try {
    await migrateToLatest(database.db, database.dialect);
    const services = composeServices({
      database,
      mailer: noMailer,
      clock: systemClock,
      jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
      publicUrl: config.publicUrl,
      passwordHashCost: config.passwordHashCost,
      dataDir: config.dataDir,
      ...(objectStore ? { objectStore } : {}),
    });
    return await work({ config, database, services });
  } finally {
    objectStore?.close();
    await database.close();
  }
}
