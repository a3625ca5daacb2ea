import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema, RELEASE_VERSION } from '@printdeck/shared';
import type { DatabaseHandle } from '../../db/database.js';
import type { MaintenanceSwitch } from '../../http/maintenance.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    maintenance: MaintenanceSwitch;
    environment: string;
    webBuildId: string;
    rateLimiter: RateLimiter;
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
      return {
        status: 'ok' as const,
        version: RELEASE_VERSION,
        environment: deps.environment,
        build: deps.webBuildId,
        database: deps.database.dialect,
        maintenance: deps.maintenance.isOn(),
        rate_limits: deps.rateLimiter.scope(),
      };
    },
  });
}
