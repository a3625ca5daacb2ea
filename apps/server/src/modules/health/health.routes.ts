import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema, RELEASE_VERSION } from '@printdeck/shared';
import type { DatabaseHandle } from '../../db/database.js';
import type { MaintenanceSwitch } from '../../http/maintenance.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { ServiceHealth } from './service-health.js';

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    maintenance: MaintenanceSwitch;
    environment: string;
    webBuildId: string;
    rateLimiter: RateLimiter;
    parts: ServiceHealth;
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { isPublic: true },
    schema: {
      tags: ['system'],
      summary: 'Liveness, version and web build',
      response: { 200: HealthSchema },
    },
    handler: async () => {
      await sql`select 1`.execute(deps.database.db);
      // the server keeps serving without them; health says which part is failing, in one word
      const objectStore = await deps.parts.objectStore();
      const mqtt = deps.parts.mqtt();
      const isDegraded =
        objectStore === 'failing' || mqtt === 'disconnected' || mqtt === 'key_rejected';
      return {
        status: isDegraded ? ('degraded' as const) : ('ok' as const),
        version: RELEASE_VERSION,
        environment: deps.environment,
        build: deps.webBuildId,
        database: deps.database.dialect,
        maintenance: deps.maintenance.isOn(),
        rate_limits: deps.rateLimiter.scope(),
        object_store: objectStore,
        mqtt,
      };
    },
  });
}
