import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Services } from '../composition-root.js';
import type { GatewayLimits } from '../gateway/device-connection.js';
import type { Config } from '../config/config.js';
import type { DatabaseHandle } from '../db/database.js';
import { registerAgentDownloadRoutes } from '../modules/agent-downloads/agent-downloads.routes.js';
import { registerAuthRoutes } from '../modules/auth/auth.routes.js';
import { registerLanPrintersRoutes } from '../modules/lan-printers/lan-printers.routes.js';
import { registerAccountRoutes } from '../modules/account/account.routes.js';
import { registerHealthRoutes } from '../modules/health/health.routes.js';
import {
  getReportingOrigins,
  registerPublicConfigRoutes,
} from '../modules/public-config/public-config.routes.js';
import { createErrorReporter } from '../observability/error-reporter.js';
import { registerFirstRunRoutes } from '../modules/first-run/first-run.routes.js';
import { registerTemperatureHistoryRoutes } from '../modules/temperature-history/temperature-history.routes.js';
import { registerUsersRoutes } from '../modules/users/users.routes.js';
import { registerWorkspacesRoutes } from '../modules/workspaces/workspaces.routes.js';
import { registerFileLabelsRoutes } from '../modules/file-labels/file-labels.routes.js';
import { registerFilesRoutes } from '../modules/files/files.routes.js';
import { registerPrintJobsRoutes } from '../modules/print-jobs/print-jobs.routes.js';
import { registerDeviceGateway } from '../gateway/device-gateway.js';
import { registerDeviceKeysRoutes } from '../modules/device-keys/device-keys.routes.js';
import { registerPrinterGroupsRoutes } from '../modules/printer-groups/printer-groups.routes.js';
import { registerPrinterControlRoutes } from '../modules/printers/printer-control.routes.js';
import { registerPrintersRoutes } from '../modules/printers/printers.routes.js';
import { registerApiKeysRoutes } from '../modules/api-keys/api-keys.routes.js';
import { registerInvitationsRoutes } from '../modules/invitations/invitations.routes.js';
import { registerMembersRoutes } from '../modules/members/members.routes.js';
import { registerNewsRoutes } from '../modules/news/news.routes.js';
import { registerNotificationSettingsRoutes } from '../modules/notifications/notification-settings.routes.js';
import { registerPublicProfileRoutes } from '../modules/public-profile/public-profile.routes.js';
import { registerSlicerRoutes } from '../modules/slicer/slicer.routes.js';
import { registerStatsRoutes } from '../modules/stats/stats.routes.js';
import { registerStatsChartsRoutes } from '../modules/stats/stats-charts.routes.js';
import { registerDeviceFramesRoutes } from '../modules/videos/device-frames.routes.js';
import { registerVideosRoutes } from '../modules/videos/videos.routes.js';
import { registerPrintQueueRoutes } from '../modules/print-queue/print-queue.routes.js';
import { registerPushRoutes } from '../modules/notifications/push.routes.js';
import { registerTelegramRoutes } from '../modules/telegram/telegram.routes.js';
import { registerAuthentication } from './authentication.js';
import { registerCompression } from './compression.js';
import { registerErrorHandler } from './error-handler.js';
import { registerIdempotency } from './idempotency.js';
import { createMaintenanceSwitch, registerMaintenance } from './maintenance.js';
import { registerOpenApi } from './openapi.js';
import { registerSecurityHeaders } from './security-headers.js';
import { readWebBuildId, registerWebApp } from './web-app.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  clock: Clock;
  logger: Logger;
  /** the built web app to serve; none in API-only tests */
  webDir?: string;
  /** the built agent (apps/agent/dist) to hand out at /agent/ */
  agentDir?: string;
  /** tests shorten the heartbeat and the like */
  gatewayLimits?: Partial<GatewayLimits>;
}

export interface RouteEntry {
  method: string;
  url: string;
  isPublic: boolean;
}

export interface App {
  server: FastifyInstance;
  /** every route with its access rule, for the deny-by-default inventory test */
  routes: RouteEntry[];
}

/** JSON bodies of this API are small; uploads get their own limits on their own routes. */
const JSON_BODY_LIMIT = 256 * 1024;

/** The HTTP server over the composed services: plugins, routes and the device gateway. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database, services, clock, logger } = options;
  const server = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: JSON_BODY_LIMIT,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 200 },
  });
  const routes: RouteEntry[] = [];
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, isPublic: route.config?.isPublic === true });
    }
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const maintenance = createMaintenanceSwitch(config.dataDir, clock);
  const errorReporter = await createErrorReporter({
    dsn: config.sentryDsn,
    environment: config.environment,
  });
  server.addHook('onClose', () => errorReporter.close());
  registerErrorHandler(server, errorReporter);
  registerSecurityHeaders(server, getReportingOrigins(config));
  registerMaintenance(server, maintenance);
  registerAuthentication(server, services.auth, services.workspaceAdmin.apiKeys);
  registerIdempotency(server, services.idempotency);
  // after idempotency: its stored answers are the plain bodies
  await registerCompression(server);
  await registerOpenApi(server);

  registerHealthRoutes(server, {
    database,
    maintenance,
    environment: config.environment,
    webBuildId: readWebBuildId(options.webDir),
  });
  registerPublicConfigRoutes(server, config);
  registerAuthRoutes(server, {
    auth: services.auth,
    sessions: services.sessions,
    isSecure: config.publicUrl.startsWith('https:'),
  });
  registerFirstRunRoutes(server, {
    firstRun: services.firstRun,
    isSecure: config.publicUrl.startsWith('https:'),
  });
  registerAccountRoutes(server, {
    passwordChange: services.passwordChange,
    twoFactor: services.twoFactor,
  });
  registerUsersRoutes(server, services.users, services.registration);
  const { workspaceAdmin } = services;
  await registerWorkspacesRoutes(server, services.workspaces, workspaceAdmin.avatars);
  registerMembersRoutes(server, workspaceAdmin.members);
  registerInvitationsRoutes(server, workspaceAdmin.invitations);
  registerApiKeysRoutes(server, workspaceAdmin.apiKeys, services.twoFactor);
  registerNotificationSettingsRoutes(server, workspaceAdmin.notifications);
  registerTelegramRoutes(server, services.notifications.telegramLinks);
  registerPushRoutes(server, services.notifications.pushSubscriptions);
  registerStatsRoutes(server, workspaceAdmin.stats);
  registerStatsChartsRoutes(server, services.statsCharts);
  registerNewsRoutes(server, workspaceAdmin.news);
  registerPublicProfileRoutes(server, workspaceAdmin.publicProfile);
  await registerFilesRoutes(server, services.files);
  registerFileLabelsRoutes(server, services.files.fileLabels);
  registerPrintJobsRoutes(server, services.printJobs);
  await registerSlicerRoutes(server, {
    slicer: workspaceAdmin.slicer,
    uploads: services.files.fileUploads,
  });
  registerVideosRoutes(server, services.videos);
  await registerDeviceFramesRoutes(server, services.videos.frames);
  registerPrintQueueRoutes(server, services.printQueue.service);
  const { devices } = services;
  registerDeviceKeysRoutes(server, {
    deviceKeys: devices.deviceKeys,
    admin: devices.deviceKeyAdmin,
    workspaces: services.workspaces,
  });
  registerPrintersRoutes(server, devices.printers);
  registerAgentDownloadRoutes(server, {
    agentDir: options.agentDir,
    publicUrl: config.publicUrl,
    isLanModeOn: services.lanPrinters.isOn,
  });
  registerLanPrintersRoutes(server, services.lanPrinters.service);
  registerPrinterControlRoutes(server, devices.printerControl);
  registerTemperatureHistoryRoutes(server, services.temperatureHistory);
  registerPrinterGroupsRoutes(server, devices.printerGroups);
  registerDeviceGateway(server, {
    live: devices.live,
    deviceKeys: devices.deviceKeys,
    onDeviceHello: (deviceKeyId, driver) => devices.printers.onDeviceHello(deviceKeyId, driver),
    rateLimiter: services.rateLimiter,
    trustProxyHops: config.trustProxyHops,
    clock,
    ...(options.gatewayLimits ? { limits: options.gatewayLimits } : {}),
  });
  await registerWebApp(server, options.webDir);

  return { server, routes };
}
