import type { AgentTuning } from '@printdeck/agent-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { Cluster } from './cluster/cluster.js';
import { createLocalCluster } from './cluster/local-cluster.js';
import { connectRedisCluster } from './cluster/redis-cluster.js';
import type { ClusterTimings } from './cluster/redis-membership.js';
import type { NotificationOptions } from './composition/notifications.js';
import type { VideoSettings } from './composition/videos.js';
import type { WebhookDeliveryOptions } from './modules/webhooks/webhook-delivery-job.js';
import type { SpoolmanOptions } from './composition/spoolman.js';
import { startWorkers } from './composition/workers.js';
import type { Config } from './config/config.js';
import type { ObjectStore } from './storage/object-store.js';
import { resolveJwtSecret } from './config/jwt-secret.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import type { JobRunnerOptions } from './jobs/job-runner.js';
import { GATEWAY_LIMITS, type GatewayLimits } from './gateway/device-connection.js';
import { buildApp, type App } from './http/app.js';
import { createFileMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { checkDatabase } from './startup/check-database.js';
import { checkDataDir } from './startup/check-data-dir.js';
import { StartupError } from './startup/startup-error.js';
import { composeServices, type Services } from './composition/services.js';
import type { StatesStreamOptions } from './modules/printers/device-states-stream.routes.js';
import { checkMqttBroker } from './startup/check-mqtt-broker.js';
import { createMqttBridge, type InjectRequest } from './modules/home-assistant/mqtt-bridge.js';
import { shareBridgeStatus } from './modules/home-assistant/shared-bridge-status.js';
import { trackUnusedConnections } from './http/unused-connections.js';

export interface StartOptions {
  config: Config;
  logger: Logger;
  /** the built web app to serve; none in API-only tests */
  webDir?: string;
  /** the built agent (apps/agent/dist) to hand out at /agent/ */
  agentDir?: string;
  clock?: Clock;
  mailer?: Mailer;
  pgSchema?: string;
  /** tests shorten the heartbeat and the like */
  gatewayLimits?: Partial<GatewayLimits>;
  /** tests shorten the printer states stream's timers and its buffer bound */
  statesStream?: StatesStreamOptions;
  /** tests shorten the frame grace and the worker's poll */
  videoSettings?: Omit<VideoSettings, 'ffmpegPath'>;
  /** tests play the push service locally and shorten retries */
  notificationOptions?: NotificationOptions;
  /** tests shorten the cluster's heartbeat */
  clusterTimings?: ClusterTimings;
  /** tests make the job runner look only when told (drainOnce) */
  jobOptions?: Partial<JobRunnerOptions>;
  /** tests shorten the webhook retries and timeout */
  webhookOptions?: Partial<WebhookDeliveryOptions>;
  spoolmanOptions?: Partial<SpoolmanOptions>;
  /** tests: the LAN printers' built-in agents retry and take frames sooner */
  lanAgentTuning?: Partial<AgentTuning>;
  /** tests: the MQTT bridge reconnects sooner */
  mqttReconnectMs?: number;
  /** tests: /api/health asks the object store more often */
  storeCheckEveryMs?: number;
}

export interface RunningServer extends App {
  database: DatabaseHandle;
  services: Services;
  mailer: Mailer;
  url: string;
  /** Stops accepting, finishes in-flight requests, stops the workers, then closes the database. */
  stop(): Promise<void>;
}

/**
 * The composition root: the one place the server is put together, in the order it starts —
 * config → database → clock → cluster → repositories and services → workers → HTTP — and
 * taken apart in the reverse order.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const log = logger as FastifyBaseLogger;
  const stops: Array<() => void | Promise<void>> = [];
  const stopInReverse = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    checkDataDir(config.dataDir);
    const database = openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      connectTimeoutMs: config.databaseTimeoutMs,
      ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
    });
    stops.push(() => database.close());
    await checkDatabase(database, config.databaseUrl, config.databaseTimeoutMs);
    const clock = options.clock ?? systemClock;
    const cluster = await connectCluster(options, clock);
    stops.push(() => cluster.stop());
    const applied = await migrateToLatest(database.db, database.dialect);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');

    const objectStore = config.s3 ? await openS3ObjectStore(config.s3) : undefined;
    if (objectStore) stops.push(() => objectStore.close());
    if (config.mqtt) await checkMqttBroker(config.mqtt.url);

    const mailer = options.mailer ?? createMailer(config, clock, logger);
    stops.push(() => mailer.close());
    const services = composeServices({
      database,
      mailer,
      clock,
      cluster,
      jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
      publicUrl: config.publicUrl,
      passwordHashCost: config.passwordHashCost,
      dataDir: config.dataDir,
      ...(objectStore ? { objectStore } : {}),
      mailFrom: config.mailFrom,
      telegram: config.telegram,
      deviceTimeouts: deviceTimeoutsOf(options.gatewayLimits),
      videoSettings: {
        workspaceQuotaBytes: config.timelapseWorkspaceQuotaBytes,
        ...options.videoSettings,
        ffmpegPath: config.ffmpegPath,
      },
      lanPrinterNetworks: config.lanPrinterNetworks,
      lanBambuPorts: config.lanBambuPorts,
      lanBambuDiscoveryPort: config.lanBambuDiscoveryPort,
      outgoingAllowedNetworks: config.outgoingAllowedNetworks,
      ...(options.webhookOptions ? { webhookOptions: options.webhookOptions } : {}),
      ...(options.spoolmanOptions ? { spoolmanOptions: options.spoolmanOptions } : {}),
      notificationOptions: {
        ...options.notificationOptions,
        invitationMail: {
          backoffSeconds: config.mailRetrySeconds,
          ...options.notificationOptions?.invitationMail,
        },
      },
      jobOptions: {
        pollMs: Math.min(15_000, config.mailRetrySeconds * 500),
        ...options.jobOptions,
      },
      ...(options.lanAgentTuning ? { lanAgentTuning: options.lanAgentTuning } : {}),
      ...(options.storeCheckEveryMs ? { storeCheckEveryMs: options.storeCheckEveryMs } : {}),
      ...(config.backup.intervalMs
        ? {
            scheduledBackup: {
              intervalMs: config.backup.intervalMs,
              dir: config.backup.dir,
              keep: config.backup.keep,
              databaseUrl: config.databaseUrl,
              ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
            },
          }
        : {}),
    });

    stops.push(() => services.files.metadataPool.close());

    const sealedKeys = await services.devices.printers.sealClearOctoprintKeys();
    if (sealedKeys) logger.info({ printers: sealedKeys }, 'stored OctoPrint API keys sealed');

    const workers = await startWorkers(services, log);
    stops.push(() => workers.stop());

    const app = await buildApp({
      config,
      database,
      services,
      clock,
      logger,
      ...(options.webDir ? { webDir: options.webDir } : {}),
      ...(options.agentDir ? { agentDir: options.agentDir } : {}),
      ...(options.gatewayLimits ? { gatewayLimits: options.gatewayLimits } : {}),
      ...(options.statesStream ? { statesStream: options.statesStream } : {}),
    });
    const connections = trackUnusedConnections(app.server.server);
    stops.push(async () => {
      // LAN mode's built-in agents go before the gateway they talk to
      await workers.stopLanAgents();
      await closeHttp(app, connections);
    });
    if (config.mqtt) {
      const bridge = createMqttBridge({
        settings: config.mqtt,
        inject: app.server.inject.bind(app.server) as unknown as InjectRequest,
        isLeader: () => cluster.isLeader(),
        logger: log,
        clock,
        ...(options.mqttReconnectMs ? { reconnectMs: options.mqttReconnectMs } : {}),
      });
      services.health.setMqtt(bridge.health);
      const shared = shareBridgeStatus({
        bulletins: cluster.bulletins,
        isLeader: () => cluster.isLeader(),
        workspaceIds: config.mqtt.workspaces.map((workspace) => workspace.workspaceId),
        status: bridge.status,
        stateIntervalMs: config.mqtt.stateIntervalMs,
      });
      services.homeAssistant.attach(shared.read);
      bridge.start();
      shared.start();
      stops.push(() => bridge.stop());
      stops.push(() => shared.stop());
    }
    const url = await listen(app, config);
    return { ...app, database, services, mailer, url, stop: stopInReverse };
  } catch (error) {
    await stopInReverse();
    throw error;
  }
}

/**
 * The S3 store, reached once before the start goes on. The AWS SDK (hundreds of modules, about
 * half a second of CPU to load) is loaded only when STORAGE_URL names a bucket (storage/s3-sdk.ts:
 * the bundle would hoist a package's `import` even from a module imported lazily here), so a
 * server on the disk store, and every test server, starts without it (issue 27,
 * docs/benchmarks.md "Test run, round 8").
 */
async function openS3ObjectStore(settings: NonNullable<Config['s3']>): Promise<ObjectStore> {
  const [{ createS3ObjectStore }, { checkObjectStore }] = await Promise.all([
    import('./storage/s3-object-store.js'),
    import('./startup/check-object-store.js'),
  ]);
  const store = createS3ObjectStore(settings);
  try {
    await checkObjectStore(store);
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}

/** Listens on PORT and HOST; a taken or forbidden port stops the start with one line. */
async function listen(app: App, config: Config): Promise<string> {
  try {
    return await app.server.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `PORT=${config.port} is taken by another program on ${config.host}: stop it, or set PORT to a free port`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(
        `PORT=${config.port} needs privileges this user lacks: set PORT to 1024 or above (a proxy can serve port 80)`,
      );
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new StartupError(
        `HOST=${config.host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all`,
      );
    }
    throw error;
  }
}

/** With REDIS_URL this instance joins the others (unreachable Redis stops the start). */
async function connectCluster(options: StartOptions, clock: Clock): Promise<Cluster> {
  const { config } = options;
  if (!config.redisUrl) return createLocalCluster(clock);
  return connectRedisCluster({
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    clock,
    ...(options.clusterTimings ? { timings: options.clusterTimings } : {}),
  });
}

/** SMTP when SMTP_URL is set; otherwise mails go to files under the data directory and the log. */
function createMailer(config: Config, clock: Clock, logger: Logger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createFileMailer({ dataDir: config.dataDir, from: config.mailFrom, clock, logger });
}

function deviceTimeoutsOf(limits: Partial<GatewayLimits> = {}) {
  return {
    commandMs: limits.commandTimeoutMs ?? GATEWAY_LIMITS.commandTimeoutMs,
    snapshotMs: limits.snapshotTimeoutMs ?? GATEWAY_LIMITS.snapshotTimeoutMs,
    printStartMs: limits.printStartTimeoutMs ?? GATEWAY_LIMITS.printStartTimeoutMs,
  };
}

/** Stops accepting and finishes the requests in flight. */
async function closeHttp(
  app: App,
  connections: ReturnType<typeof trackUnusedConnections>,
): Promise<void> {
  // Connections that finish their request after close() began would otherwise idle until the
  // keep-alive timeout, and those that never sent one until the headers timeout: reap both.
  const reap = () => {
    app.server.server.closeIdleConnections();
    connections.destroyUnused();
  };
  const reaper = setInterval(reap, 50);
  try {
    await app.server.close();
  } finally {
    clearInterval(reaper);
  }
}
