import type { Logger } from 'pino';
import type { Config } from './config/config.js';
import { resolveJwtSecret } from './config/jwt-secret.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { buildApp, type App, type AppOptions } from './http/app.js';
import { systemClock, type Clock } from './clock.js';
import type { Cluster } from './cluster/cluster.js';
import { connectRedisCluster } from './cluster/redis-cluster.js';
import type { ClusterTimings } from './cluster/redis-membership.js';
import type { Mailer } from './mail/mailer.js';

export interface RunningServer extends App {
  database: DatabaseHandle;
  url: string;
  /** Stops accepting, finishes in-flight requests, then closes the database. */
  stop(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  logger: Logger;
  webDir?: string;
  agentDir?: string;
  clock?: Clock;
  mailer?: Mailer;
  pgSchema?: string;
  gatewayLimits?: AppOptions['gatewayLimits'];
  videoSettings?: AppOptions['videoSettings'];
  notificationOptions?: AppOptions['notificationOptions'];
  /** tests shorten the cluster's heartbeat */
  clusterTimings?: ClusterTimings;
  lanAgentTuning?: AppOptions['lanAgentTuning'];
}

/** With REDIS_URL this instance joins the others; unreachable Redis stops the start. */
function connectCluster(options: StartOptions): Promise<Cluster | undefined> {
  const { config } = options;
  if (!config.redisUrl) return Promise.resolve(undefined);
  return connectRedisCluster({
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    clock: options.clock ?? systemClock,
    ...(options.clusterTimings ? { timings: options.clusterTimings } : {}),
  });
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
  });
  let cluster: Cluster | undefined;
  try {
    cluster = await connectCluster(options);
    const applied = await migrateToLatest(database.db, database.dialect);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    const app = await buildApp({
      config,
      database,
      logger,
      jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
      ...(options.webDir ? { webDir: options.webDir } : {}),
      ...(options.agentDir ? { agentDir: options.agentDir } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.gatewayLimits ? { gatewayLimits: options.gatewayLimits } : {}),
      ...(options.videoSettings ? { videoSettings: options.videoSettings } : {}),
      ...(options.notificationOptions ? { notificationOptions: options.notificationOptions } : {}),
      ...(cluster ? { cluster } : {}),
      ...(options.lanAgentTuning ? { lanAgentTuning: options.lanAgentTuning } : {}),
    });
    await app.services.cluster.start(app.server.log);
    const url = await app.server.listen({ port: config.port, host: config.host });
    return {
      ...app,
      database,
      url,
      async stop() {
        // Connections that finish their request after close() began would otherwise idle
        // until the keep-alive timeout: reap them as they become idle.
        const reaper = setInterval(() => app.server.server.closeIdleConnections(), 50);
        try {
          await app.server.close();
        } finally {
          clearInterval(reaper);
        }
        await app.services.cluster.stop();
        app.mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await cluster?.stop();
    await database.close();
    throw error;
  }
}
