import { registerJsonDepthLimit } from './json-depth.js';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Services } from '../composition/services.js';
import type { GatewayLimits } from '../gateway/device-connection.js';
import type { Config } from '../config/config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createErrorReporter } from '../observability/error-reporter.js';
import { getReportingOrigins } from '../modules/public-config/public-config.routes.js';
import { registerAuthentication } from './authentication.js';
import { registerCompression } from './compression.js';
import { registerErrorHandler } from './error-handler.js';
import { registerIdempotency } from './idempotency.js';
import { createMaintenanceSwitch, registerMaintenance } from './maintenance.js';
import { registerOpenApi } from '../openapi/openapi.js';
import { registerRoutes } from '../routes.js';
import { registerPermissionCheck, type RoutePermission } from './route-permission.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerSecurityEvents } from '../logging/security-events.js';
import { createMetrics } from '../observability/metrics.js';
import { createMetricsFiguresRepository } from '../observability/metrics-figures.repository.js';
import { registerHttpMetrics, registerMetricsRoutes } from '../observability/metrics.routes.js';
import type { StatesStreamOptions } from '../modules/printers/device-states-stream.routes.js';

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
  statesStream?: StatesStreamOptions;
}

export interface RouteEntry {
  method: string;
  url: string;
  isPublic: boolean;
  /** what the route asks of its caller (route-permission.ts); none on public routes */
  permission: RoutePermission | null;
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
  const { config, services, clock, logger } = options;
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
      routes.push({
        method,
        url: route.url,
        isPublic: route.config?.isPublic === true,
        permission: route.config?.permission ?? null,
      });
    }
  });
  registerJsonDepthLimit(server);
  const metrics = config.metricsToken
    ? createMetrics({
        figures: createMetricsFiguresRepository(options.database.db),
        live: services.devices.live,
        clock,
      })
    : null;
  if (metrics) registerHttpMetrics(server, metrics);
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
  registerSecurityEvents(server);
  registerIdempotency(server, services.idempotency);
  // after idempotency: its stored answers are the plain bodies
  await registerCompression(server);
  await registerOpenApi(server);
  // after the API docs' own routes: every route from here on declares its permission
  registerPermissionCheck(server, {
    findRequestWorkspace: (url, params) =>
      services.workspaceAdmin.apiKeys.findRequestWorkspace(url, params),
    findRole: (userId, workspaceId) => services.workspaces.findRole(userId, workspaceId),
  });

  registerMetricsRoutes(
    server,
    metrics && config.metricsToken
      ? { metrics, token: config.metricsToken }
      : { metrics: null, token: undefined },
  );
  await registerRoutes(server, { ...options, maintenance });

  return { server, routes };
}
