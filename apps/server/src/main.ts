import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/config.js';
import { createLogger } from './logger.js';
import { startServer } from './composition-root.js';

/** The built web app sits beside the built server: apps/server/dist → apps/web/dist. */
const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** …and the built agent bundle: apps/server/dist → apps/agent/dist (npm run build:agent). */
const AGENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../agent/dist');
const SHUTDOWN_GRACE_MS = 30_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const server = await startServer({ config, logger, webDir: WEB_DIR, agentDir: AGENT_DIR });
  logger.info(`Printdeck is running at ${config.publicUrl} (${server.database.dialect})`);

  let isStopping = false;
  const shutdown = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Printdeck failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
